// Valid arith ops in custom form: scripts/ods-verify-diff.sh has mlir-opt 19 print them in
// generic form, and tessera-opt --load-dialect must verify that and print it identically.
func.func @f(%a: i32, %b: i32, %x: f32, %v: vector<4xi32>, %t: tensor<?xf32>, %i: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw, nuw> : i32
  %2 = arith.cmpi slt, %0, %1 : i32
  %3 = arith.select %2, %0, %1 : i32
  %4 = arith.addf %x, %x fastmath<fast> : f32
  %5 = arith.cmpf olt, %4, %x : f32
  %6 = arith.constant 42 : i32
  %7 = arith.constant dense<1> : vector<4xi32>
  %8 = arith.muli %v, %7 : vector<4xi32>
  %9 = arith.cmpi eq, %8, %v : vector<4xi32>
  %10 = arith.extsi %a : i32 to i64
  %11 = arith.trunci %10 : i64 to i16
  %12 = arith.index_cast %a : i32 to index
  %13 = arith.addi %12, %i : index
  %14 = arith.sitofp %a : i32 to f32
  %15 = arith.truncf %x : f32 to f16
  %16 = arith.negf %t : tensor<?xf32>
  %17 = arith.bitcast %a : i32 to f32
  %18:2 = arith.addui_extended %a, %b : i32, i1
  %19 = arith.maxsi %a, %b : i32
  %20 = arith.select %9, %8, %v : vector<4xi1>, vector<4xi32>
  %21 = arith.constant 1.5 : f32
  %22 = arith.divf %21, %x : f32
  %23 = arith.remsi %a, %b : i32
  %24 = arith.andi %2, %5 : i1
  %25 = arith.extui %24 : i1 to i32
  %26 = arith.truncf %x to_nearest_even : f32 to bf16
  return %6 : i32
}
