// Attribute and type formats; upstream ends each failure with a second error at the def.
include "format_base.td"
def D : Dialect { let name = "d"; }

// expected-error@+5 {{format is missing reference to parameter: c}}
// expected-error@+1 {{failed to parse assembly format}}
def MissingParam : TypeDef<D, "MissingParam"> {
  let mnemonic = "missing_param";
  let parameters = (ins "int":$a, OptionalParameter<"int">:$b, "int":$c);
  let assemblyFormat = [{ `<` $a `,` $b `>` }];
}

// expected-error@+5 {{`struct` directive with optional parameters cannot be followed by a comma literal}}
// expected-error@+1 {{failed to parse assembly format}}
def StructComma : TypeDef<D, "StructComma"> {
  let mnemonic = "struct_comma";
  let parameters = (ins "int":$a, OptionalParameter<"int">:$b, "int":$c);
  let assemblyFormat = [{ `<` struct($a, $b) `,` $c `>` }];
}

// expected-error@+5 {{parameters in an optional group must be optional}}
// expected-error@+1 {{failed to parse assembly format}}
def RequiredInGroup : AttrDef<D, "RequiredInGroup"> {
  let mnemonic = "required_in_group";
  let parameters = (ins "int":$a, OptionalParameter<"int">:$b);
  let assemblyFormat = [{ `<` (`x` $b^ $a)? `>` }];
}

// expected-error@+5 {{RefBeforeBind has no parameter named 'z'}}
// expected-error@+1 {{failed to parse assembly format}}
def RefBeforeBind : AttrDef<D, "RefBeforeBind"> {
  let mnemonic = "unknown";
  let parameters = (ins "int":$a);
  let assemblyFormat = [{ `<` $z `>` }];
}

// expected-error@+5 {{`custom` directive with no bound parameters cannot be used as optional group anchor}}
// expected-error@+1 {{failed to parse assembly format}}
def CustomAnchor : AttrDef<D, "CustomAnchor"> {
  let mnemonic = "custom_anchor";
  let parameters = (ins "int":$a);
  let assemblyFormat = [{ `<` (`x` custom<Foo>("s")^)? $a `>` }];
}

// Checked before the format is read.
// expected-error@+1 {{'assemblyFormat' requires 'genAccessors' to be true}}
def NoAccessors : TypeDef<D, "NoAccessors"> {
  let mnemonic = "no_accessors";
  let genAccessors = 0;
  let parameters = (ins "int":$a);
  let assemblyFormat = [{ `<` $b `>` }];
}
