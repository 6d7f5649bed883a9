"""The battle grid: cells and their names, terrain, footprints and path search.

Pure and synchronous: no Discord, no database, no images.
"""
