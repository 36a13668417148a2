// Filled in by the Compositor work in progress.
