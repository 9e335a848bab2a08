// Arrays, dictionaries, type attributes, unit and bool.
"foo.op"() {empty_arr = [], nested = [[], [[]], [1, [2, [3]]]], mixed = [1, "s", i32, unit, true, {}, [f32]]} : () -> ()
"foo.op"() {empty_dict = {}, dict = {b = 1, a = {c = [], d = {}}}, dict_unit = {flag}} : () -> ()
"foo.op"() {t1 = i32, t2 = f32, t3 = tensor<4xf32>, t4 = () -> (), t5 = !foo.t, t6 = index, t7 = none, t8 = tuple<>} : () -> ()
"foo.op"() {u = unit, b1 = true, b2 = false} : () -> ()
"foo.op"() {arr_of_dicts = [{a = 1}, {}, {"x y" = unit}]} : () -> ()
"foo.op"() {fn_in_arr = [(i32) -> i32, memref<?xf32>]} : () -> ()
