// Filled in by the Capture work in progress.
