// Filled in by the Encoding work in progress.
