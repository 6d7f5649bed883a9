"""What the fifth-edition System Reference Documents give the rulesets built on them
(5e, 5e-2024, and 5e-alt where its seed is silent): falling, the Strength-based
jump, and the travel pace. Both SRDs are published under CC-BY-4.0; every citation
names the document, and that credit rides in each reply's footer."""
