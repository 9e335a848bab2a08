#!/usr/bin/env python3
"""Generates the greedy-driver benchmark input: `module @patterns` (four PDL patterns, for
upstream's --test-pdl-bytecode-pass) and `module @ir`, a chain of N unregistered ops of which
40% match one of the patterns.

usage: gen.py N > FILE.mlir
"""
import sys

# The four patterns, in PDL's generic form (our parser reads generic PDL; the custom form
# is in the comment below for readers):
#
# module @patterns {
#   pdl.pattern @rename_a : benefit(1) {
#     %type = pdl.type
#     %x = pdl.operand
#     %root = pdl.operation "bench.a"(%x : !pdl.value) -> (%type : !pdl.type)
#     pdl.rewrite %root {
#       %new = pdl.operation "bench.a2"(%x : !pdl.value) -> (%type : !pdl.type)
#       pdl.replace %root with %new
#     }
#   }
#   pdl.pattern @b_of_c : benefit(1) {
#     %type = pdl.type
#     %y = pdl.operand
#     %c = pdl.operation "bench.c"(%y : !pdl.value) -> (%type : !pdl.type)
#     %cv = pdl.result 0 of %c
#     %root = pdl.operation "bench.b"(%cv : !pdl.value) -> (%type : !pdl.type)
#     pdl.rewrite %root {
#       %new = pdl.operation "bench.d"(%cv : !pdl.value) -> (%type : !pdl.type)
#       pdl.replace %root with %new
#     }
#   }
#   pdl.pattern @forward_f : benefit(1) {
#     %type = pdl.type
#     %x = pdl.operand
#     %root = pdl.operation "bench.f"(%x : !pdl.value) -> (%type : !pdl.type)
#     pdl.rewrite %root {
#       pdl.replace %root with (%x : !pdl.value)
#     }
#   }
#   pdl.pattern @rename_h : benefit(1) {
#     %type = pdl.type
#     %x = pdl.operand
#     %root = pdl.operation "bench.h"(%x : !pdl.value) -> (%type : !pdl.type)
#     pdl.rewrite %root {
#       %new = pdl.operation "bench.h2"(%x : !pdl.value) -> (%type : !pdl.type)
#       pdl.replace %root with %new
#     }
#   }
# }
PATTERNS = """"builtin.module"() <{sym_name = "patterns"}> ({
  "pdl.pattern"() <{benefit = 1 : i16, sym_name = "rename_a"}> ({
    %13 = "pdl.type"() : () -> !pdl.type
    %14 = "pdl.operand"() : () -> !pdl.value
    %15 = "pdl.operation"(%14, %13) <{attributeValueNames = [], opName = "bench.a", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
    "pdl.rewrite"(%15) <{operandSegmentSizes = array<i32: 1, 0>}> ({
      %16 = "pdl.operation"(%14, %13) <{attributeValueNames = [], opName = "bench.a2", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
      "pdl.replace"(%15, %16) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!pdl.operation, !pdl.operation) -> ()
    }) : (!pdl.operation) -> ()
  }) : () -> ()
  "pdl.pattern"() <{benefit = 1 : i16, sym_name = "b_of_c"}> ({
    %7 = "pdl.type"() : () -> !pdl.type
    %8 = "pdl.operand"() : () -> !pdl.value
    %9 = "pdl.operation"(%8, %7) <{attributeValueNames = [], opName = "bench.c", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
    %10 = "pdl.result"(%9) <{index = 0 : i32}> : (!pdl.operation) -> !pdl.value
    %11 = "pdl.operation"(%10, %7) <{attributeValueNames = [], opName = "bench.b", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
    "pdl.rewrite"(%11) <{operandSegmentSizes = array<i32: 1, 0>}> ({
      %12 = "pdl.operation"(%10, %7) <{attributeValueNames = [], opName = "bench.d", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
      "pdl.replace"(%11, %12) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!pdl.operation, !pdl.operation) -> ()
    }) : (!pdl.operation) -> ()
  }) : () -> ()
  "pdl.pattern"() <{benefit = 1 : i16, sym_name = "forward_f"}> ({
    %4 = "pdl.type"() : () -> !pdl.type
    %5 = "pdl.operand"() : () -> !pdl.value
    %6 = "pdl.operation"(%5, %4) <{attributeValueNames = [], opName = "bench.f", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
    "pdl.rewrite"(%6) <{operandSegmentSizes = array<i32: 1, 0>}> ({
      "pdl.replace"(%6, %5) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.operation, !pdl.value) -> ()
    }) : (!pdl.operation) -> ()
  }) : () -> ()
  "pdl.pattern"() <{benefit = 1 : i16, sym_name = "rename_h"}> ({
    %0 = "pdl.type"() : () -> !pdl.type
    %1 = "pdl.operand"() : () -> !pdl.value
    %2 = "pdl.operation"(%1, %0) <{attributeValueNames = [], opName = "bench.h", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
    "pdl.rewrite"(%2) <{operandSegmentSizes = array<i32: 1, 0>}> ({
      %3 = "pdl.operation"(%1, %0) <{attributeValueNames = [], opName = "bench.h2", operandSegmentSizes = array<i32: 1, 0, 1>}> : (!pdl.value, !pdl.type) -> !pdl.operation
      "pdl.replace"(%2, %3) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!pdl.operation, !pdl.operation) -> ()
    }) : (!pdl.operation) -> ()
  }) : () -> ()
}) : () -> ()
"""

# Ten op kinds per round; b (after c), a, f and h are rewritten: 40%.
KINDS = ["c", "b", "a", "f", "g", "h", "i", "j", "k", "l"]


def main():
    n = int(sys.argv[1])
    out = sys.stdout
    out.write('"builtin.module"() ({\n')
    out.write(PATTERNS)
    out.write('"builtin.module"() <{sym_name = "ir"}> ({\n')
    out.write('  %0 = "bench.start"() : () -> i32\n')
    for i in range(1, n):
        kind = KINDS[(i - 1) % len(KINDS)]
        out.write(f'  %{i} = "bench.{kind}"(%{i - 1}) : (i32) -> i32\n')
    out.write(f'  "bench.sink"(%{n - 1}) : (i32) -> ()\n')
    out.write("}) : () -> ()\n}) : () -> ()\n")


if __name__ == "__main__":
    main()
