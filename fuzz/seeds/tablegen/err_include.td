// ARGS: -I inc
include "includes_missing.td"
