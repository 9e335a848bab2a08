// Type and attribute alias definitions and uses.

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"foo.op"() : () -> !nope

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"foo.op"() {a = #nope} : () -> ()

// -----

!a = i32
// expected-error@+1 {{redefinition of type alias id 'a'}}
!a = i64

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// Type and attribute aliases (unlike location aliases) must be defined before use.
// expected-error@+1 {{undefined symbol alias id 'later'}}
!a = !later
!later = i32

// -----

// expected-error@+1 {{undefined symbol alias id 'later'}}
"foo.op"() {a = #later} : () -> ()
#later = 1

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#dialect.name = 1

// -----

// expected-error@+1 {{expected non-function type}}
!t = 1

// -----

// expected-error@+1 {{expected '=' in type alias definition}}
!t i32
