// A host-side source in a subfolder (the sweep names its outputs with the
// folder in them).
int helper(int x) { return x + 1; }
