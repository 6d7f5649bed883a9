"""Stride: movement rulings for D&D-family games, on Discord and in a local console."""
