// LOAD: Dialect/Arith/IR/ArithOps.td
// Every arith op of MLIR 19 in custom form, for `scripts/ods-custom-diff.sh`: tessera-opt
// --load-dialect ArithOps.td must print what mlir-opt prints, and read it back.
func.func @int(%a: i32, %b: i32, %v: vector<4xi32>, %t: tensor<2x?xi64>, %i: index) -> i32 {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %0, %1 overflow<nuw> : i32
  %3 = arith.muli %2, %2 overflow<nsw, nuw> : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.divsi %4, %b : i32
  %6 = arith.ceildivui %5, %b : i32
  %7 = arith.ceildivsi %6, %b : i32
  %8 = arith.floordivsi %7, %b : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.remsi %9, %b : i32
  %11 = arith.andi %10, %b : i32
  %12 = arith.ori %11, %b : i32
  %13 = arith.xori %12, %b : i32
  %14 = arith.shli %13, %b overflow<nsw> : i32
  %15 = arith.shrui %14, %b : i32
  %16 = arith.shrsi %15, %b : i32
  %17 = arith.maxsi %16, %b : i32
  %18 = arith.maxui %17, %b : i32
  %19 = arith.minsi %18, %b : i32
  %20 = arith.minui %19, %b : i32
  %21 = arith.addi %v, %v : vector<4xi32>
  %22 = arith.muli %t, %t : tensor<2x?xi64>
  %23 = arith.addi %i, %i : index
  %sum, %overflow = arith.addui_extended %a, %b : i32, i1
  %low, %high = arith.mulsi_extended %a, %b : i32
  %ulow, %uhigh = arith.mului_extended %v, %v : vector<4xi32>
  return %20 : i32
}

func.func @float(%x: f32, %y: f32, %v: vector<2xf64>, %h: f16) -> f32 {
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  %2 = arith.subf %0, %1 fastmath<nnan, ninf> : f32
  %3 = arith.mulf %2, %2 : f32
  %4 = arith.divf %3, %y : f32
  %5 = arith.remf %4, %y : f32
  %6 = arith.negf %5 fastmath<contract> : f32
  %7 = arith.maximumf %6, %y : f32
  %8 = arith.minimumf %7, %y : f32
  %9 = arith.maxnumf %8, %y : f32
  %10 = arith.minnumf %9, %y : f32
  %11 = arith.addf %v, %v : vector<2xf64>
  %12 = arith.extf %h : f16 to f32
  %13 = arith.truncf %12 : f32 to f16
  %14 = arith.extf %h fastmath<fast> : f16 to f64
  return %10 : f32
}

func.func @casts(%a: i32, %x: f32, %i: index, %v: vector<3xi8>) {
  %0 = arith.extui %a : i32 to i64
  %1 = arith.extsi %a : i32 to i64
  %2 = arith.trunci %1 : i64 to i16
  %3 = arith.uitofp %a : i32 to f32
  %4 = arith.sitofp %a : i32 to f64
  %5 = arith.fptoui %x : f32 to i32
  %6 = arith.fptosi %x : f32 to i64
  %7 = arith.index_cast %a : i32 to index
  %8 = arith.index_castui %i : index to i64
  %9 = arith.bitcast %a : i32 to f32
  %10 = arith.extsi %v : vector<3xi8> to vector<3xi32>
  return
}

func.func @compare(%a: i32, %b: i32, %x: f32, %y: f32, %v: vector<4xi32>) -> i1 {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi slt, %v, %v : vector<4xi32>
  %11 = arith.cmpf false, %x, %y : f32
  %12 = arith.cmpf oeq, %x, %y : f32
  %13 = arith.cmpf ogt, %x, %y fastmath<fast> : f32
  %14 = arith.cmpf uno, %x, %y : f32
  %15 = arith.cmpf true, %x, %y : f32
  %16 = arith.select %0, %a, %b : i32
  %17 = arith.select %10, %v, %v : vector<4xi1>, vector<4xi32>
  return %0 : i1
}

func.func @constants() {
  %c0 = arith.constant 0 : i32
  %c0_0 = arith.constant 0 : i32
  %c-1 = arith.constant -1 : i64
  %big = arith.constant 18446744073709551615 : i64
  %t = arith.constant true
  %f = arith.constant false
  %i = arith.constant 42 : index
  %x = arith.constant 1.5 : f32
  %y = arith.constant 0x7FC00000 : f32
  %d = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %s = arith.constant dense<0.0> : tensor<2x3xf32>
  %n = arith.constant {foo.tag} 7 : i8
  return
}
