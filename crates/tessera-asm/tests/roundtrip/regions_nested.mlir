// Deeply nested regions and uses of values from enclosing regions.
%outer = "foo.def"() : () -> i64
"foo.l1"() ({
  %a = "foo.def"() : () -> i64
  "foo.l2"() ({
    %b = "foo.def"() : () -> i64
    "foo.l3"() ({
      "foo.l4"() ({
        "foo.l5"() ({
          "foo.l6"() ({
            "foo.use"(%outer, %a, %b) : (i64, i64, i64) -> ()
          }) : () -> ()
        }) : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
}) : () -> ()
