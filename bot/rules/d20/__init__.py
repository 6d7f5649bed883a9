"""What the d20 rulesets (3.5 and epic-path) share: their grid actions, the skill-based
jump, d20 falling, and the SRD overland tables."""
