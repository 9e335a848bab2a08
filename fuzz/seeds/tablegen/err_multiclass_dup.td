multiclass M { def _a; }
defm x : M;
defm x : M;
