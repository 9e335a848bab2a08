// Only a global variable: no classes, no defs; each banner is printed once.
defvar x = 1;
