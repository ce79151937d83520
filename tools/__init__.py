"""Developer tools run from a checkout (not installed): snapshots of every scene, the sound effects."""
