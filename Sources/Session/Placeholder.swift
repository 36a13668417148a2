// Filled in by the Session work in progress.
