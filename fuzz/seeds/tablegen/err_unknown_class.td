multiclass MC { def _a; }
def x : MC;
