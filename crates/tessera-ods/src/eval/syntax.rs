//! The C++ that ODS predicates and builder calls are written in, as far as they use it: a lexer
//! and a precedence-climbing parser into [`Expr`].
//!
//! The grammar is a small subset of C++ expressions: literals, `$name`s, qualified names with
//! template arguments (`::llvm::isa<::mlir::IntegerType>`), calls, member calls, the unary,
//! binary and conditional operators, brace lists (`{a, b}`, `::llvm::ArrayRef<int64_t>{}`) and
//! lambdas whose body is one `return` (`[](::mlir::Type t) { return ...; }`). Nothing here
//! knows what a name means; that is `compile`'s job.
//!
//! `<` after a name is read as a template argument list only when the list closes and is
//! followed by `(`, `{` or `::` (`isa<T>(x)`, `ArrayRef<int64_t>{}`, `Foo<T>::get`); otherwise it
//! is a comparison (`getRank() < 2` never has a name directly before the `<`, but
//! `a < b` does, and `b` is not followed by `>` and a call).

use std::fmt;

/// Depth of the expression tree beyond which text is refused rather than parsed. Leaves of
/// real constraint libraries stay far below it; the bound keeps the recursion of parsing,
/// compiling and evaluating small on hostile text. Operator and member-call chains count
/// too: `a + b + c` nests one level per operator.
const MAX_DEPTH: u32 = 100;

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `true`, `false`.
    Bool(bool),
    /// An integer literal (suffixes dropped).
    Int(i128),
    /// A floating-point literal.
    Float(f64),
    /// A string literal, unescaped.
    Str(String),
    /// `nullptr`.
    Null,
    /// `$name` without the `$` (`_self`, `_builder`, `lhs`, `0`).
    Dollar(String),
    /// A possibly qualified name, possibly with template arguments.
    Name(Path),
    /// `callee(args)`.
    Call(Box<Expr>, Vec<Expr>),
    /// `recv.name<targs>(args)` or `recv->...`; `args` is `None` without parentheses.
    Member {
        /// The object.
        recv: Box<Expr>,
        /// The member.
        name: String,
        /// Template arguments (`hasTrait<T>()`).
        targs: Vec<Path>,
        /// Call arguments, if it is called.
        args: Option<Vec<Expr>>,
    },
    /// A prefix operator.
    Unary(UnOp, Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`.
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `x[i]`.
    Index(Box<Expr>, Box<Expr>),
    /// `{a, b, ...}`.
    Braces(Vec<Expr>),
    /// `T{a, ...}`.
    Construct(Path, Vec<Expr>),
    /// `[...](T param) { return body; }`.
    Lambda {
        /// The parameter's name (a lambda here takes exactly one).
        param: String,
        /// The returned expression.
        body: Box<Expr>,
    },
}

/// A qualified name: `::mlir::arith::CmpIPredicate::eq` is `["mlir", "arith",
/// "CmpIPredicate", "eq"]`; template arguments belong to the last segment that has them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// Segments, without a leading global `::`.
    pub segs: Vec<String>,
    /// Template arguments (`isa<A, B>`), empty if none.
    pub targs: Vec<Path>,
    /// Whether `<>` was written, even empty (`std::equal_to<>`).
    pub has_targs: bool,
}

impl Path {
    /// The last segment.
    pub fn last(&self) -> &str {
        self.segs.last().map_or("", |s| s.as_str())
    }

    /// Whether the path is `name` in one of the namespaces a predicate may omit or spell out
    /// (`isa`, `llvm::isa`, `::llvm::isa`; `mlir::` likewise; `std::`).
    pub fn is(&self, name: &str) -> bool {
        match self.segs.as_slice() {
            [n] => n == name,
            [ns, n] => n == name && matches!(ns.as_str(), "mlir" | "llvm" | "std"),
            _ => false,
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "::{}", self.segs.join("::"))?;
        if self.has_targs {
            let args: Vec<String> = self.targs.iter().map(|t| t.to_string()).collect();
            write!(f, "<{}>", args.join(", "))?;
        }
        Ok(())
    }
}

/// Prefix operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    /// `!`
    Not,
    /// `~`
    BitNot,
    /// `-`
    Neg,
    /// `*` (dereference; values here are handles, so it is the identity)
    Deref,
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `&&`
    And,
    /// `||`
    Or,
    /// A comparison.
    Cmp(Cmp),
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
}

/// Comparison operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Why text did not parse: a message and the byte offset it refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// What was wrong.
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Dollar(String),
    Int(i128),
    Float(f64),
    Str(String),
    Punct(&'static str),
    End,
}

/// Punctuation, longest first so that `::` wins over `:`.
const PUNCT: [&str; 33] = [
    "::", "&&", "||", "==", "!=", "<=", ">=", "->", "(", ")", "{", "}", "[", "]", "<", ">", "!",
    "&", "|", "~", ".", ",", ";", "?", ":", "+", "-", "*", "/", "%", "=", "^", "#",
];

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, SyntaxError> {
    let b = text.as_bytes();
    let mut i = 0;
    let mut out = Vec::new();
    let err = |message: &str, offset| {
        Err(SyntaxError {
            message: message.to_string(),
            offset,
        })
    };
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if text[i..].starts_with("/*") {
            match text[i + 2..].find("*/") {
                Some(end) => i += end + 4,
                None => return err("unterminated comment", i),
            }
            continue;
        }
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
            continue;
        }
        let ident_char = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            out.push((Tok::Ident(text[start..i].to_string()), start));
        } else if c == b'$' {
            i += 1;
            while i < b.len() && ident_char(b[i]) {
                i += 1;
            }
            if i == start + 1 {
                return err("expected a name after '$'", start);
            }
            out.push((Tok::Dollar(text[start + 1..i].to_string()), start));
        } else if c.is_ascii_digit() {
            let (tok, end) = lex_number(text, start)?;
            i = end;
            out.push((tok, start));
        } else if c == b'"' {
            let mut s = String::new();
            i += 1;
            loop {
                match b.get(i) {
                    None => return err("unterminated string", start),
                    Some(b'"') => break,
                    Some(b'\\') => {
                        let esc = match b.get(i + 1) {
                            Some(b'n') => '\n',
                            Some(b't') => '\t',
                            Some(&e @ (b'"' | b'\\' | b'\'')) => e as char,
                            _ => return err("unsupported escape in string", i),
                        };
                        s.push(esc);
                        i += 2;
                    }
                    Some(_) => {
                        let ch = text[i..].chars().next().unwrap_or('\u{fffd}');
                        s.push(ch);
                        i += ch.len_utf8();
                    }
                }
            }
            i += 1;
            out.push((Tok::Str(s), start));
        } else if let Some(p) = PUNCT.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            out.push((Tok::Punct(p), start));
        } else {
            return err("unexpected character", start);
        }
    }
    out.push((Tok::End, b.len()));
    Ok(out)
}

/// A number at `start`: decimal or hex integer with `u`/`l` suffixes, or a decimal float.
fn lex_number(text: &str, start: usize) -> Result<(Tok, usize), SyntaxError> {
    let b = text.as_bytes();
    let mut i = start;
    let bad = |offset| SyntaxError {
        message: "malformed number".to_string(),
        offset,
    };
    if text[i..].starts_with("0x") || text[i..].starts_with("0X") {
        i += 2;
        let digits_start = i;
        while i < b.len() && b[i].is_ascii_hexdigit() {
            i += 1;
        }
        let v = i128::from_str_radix(&text[digits_start..i], 16).map_err(|_| bad(start))?;
        while i < b.len() && matches!(b[i], b'u' | b'U' | b'l' | b'L') {
            i += 1;
        }
        return Ok((Tok::Int(v), i));
    }
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut is_float = false;
    if i < b.len() && b[i] == b'.' && b.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
        is_float = true;
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if i < b.len() && matches!(b[i], b'e' | b'E') {
        let mut j = i + 1;
        if j < b.len() && matches!(b[j], b'+' | b'-') {
            j += 1;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            is_float = true;
            i = j;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    let digits = &text[start..i];
    if is_float {
        let v: f64 = digits.parse().map_err(|_| bad(start))?;
        if i < b.len() && matches!(b[i], b'f' | b'F' | b'l' | b'L') {
            i += 1;
        }
        return Ok((Tok::Float(v), i));
    }
    let v: i128 = digits.parse().map_err(|_| bad(start))?;
    while i < b.len() && matches!(b[i], b'u' | b'U' | b'l' | b'L') {
        i += 1;
    }
    Ok((Tok::Int(v), i))
}

/// Parses one C++ expression (the whole text).
pub fn parse(text: &str) -> Result<Expr, SyntaxError> {
    let toks = lex(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let e = p.expr()?;
    if p.peek() != &Tok::End {
        return Err(p.error("expected the end of the expression"));
    }
    Ok(e)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: u32,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn peek_at(&self, n: usize) -> &Tok {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)].0
    }

    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].0.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(q) if *q == p)
    }

    fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_keyword(&mut self, kw: &str) -> bool {
        if matches!(self.peek(), Tok::Ident(s) if s == kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn error(&self, message: &str) -> SyntaxError {
        SyntaxError {
            message: message.to_string(),
            offset: self.toks[self.pos].1,
        }
    }

    fn expect(&mut self, p: &str) -> Result<(), SyntaxError> {
        if self.eat(p) {
            Ok(())
        } else {
            Err(self.error(&format!("expected '{p}'")))
        }
    }

    fn ident(&mut self) -> Result<String, SyntaxError> {
        match self.peek() {
            Tok::Ident(s) => {
                let s = s.clone();
                self.bump();
                Ok(s)
            }
            _ => Err(self.error("expected a name")),
        }
    }

    /// Counts one more level of a left-nested chain (`a + b + c`, `x.f().g()`) against the
    /// depth bound; the caller gives the levels back with `self.depth -= levels`.
    fn deepen(&mut self) -> Result<(), SyntaxError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        self.depth += 1;
        Ok(())
    }

    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SyntaxError>,
    ) -> Result<T, SyntaxError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error("expression nested too deeply"));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn expr(&mut self) -> Result<Expr, SyntaxError> {
        self.nested(|p| {
            let c = p.binary(0)?;
            if p.eat("?") {
                let a = p.expr()?;
                p.expect(":")?;
                let b = p.expr()?;
                return Ok(Expr::Cond(Box::new(c), Box::new(a), Box::new(b)));
            }
            Ok(c)
        })
    }

    /// The binary operator at the cursor with its precedence (higher binds tighter).
    fn binop(&self) -> Option<(BinOp, u8)> {
        let Tok::Punct(p) = self.peek() else {
            return None;
        };
        Some(match *p {
            "||" => (BinOp::Or, 1),
            "&&" => (BinOp::And, 2),
            "|" => (BinOp::BitOr, 3),
            "&" => (BinOp::BitAnd, 4),
            "==" => (BinOp::Cmp(Cmp::Eq), 5),
            "!=" => (BinOp::Cmp(Cmp::Ne), 5),
            "<" => (BinOp::Cmp(Cmp::Lt), 6),
            "<=" => (BinOp::Cmp(Cmp::Le), 6),
            ">" => (BinOp::Cmp(Cmp::Gt), 6),
            ">=" => (BinOp::Cmp(Cmp::Ge), 6),
            "+" => (BinOp::Add, 7),
            "-" => (BinOp::Sub, 7),
            "*" => (BinOp::Mul, 8),
            _ => return None,
        })
    }

    fn binary(&mut self, min: u8) -> Result<Expr, SyntaxError> {
        let mut lhs = self.unary()?;
        let mut levels = 0;
        let r = loop {
            let Some((op, prec)) = self.binop() else {
                break Ok(lhs);
            };
            if prec <= min {
                break Ok(lhs);
            }
            if let Err(e) = self.deepen() {
                break Err(e);
            }
            levels += 1;
            self.bump();
            match self.nested(|p| p.binary(prec)) {
                Ok(rhs) => lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs)),
                Err(e) => break Err(e),
            }
        };
        self.depth -= levels;
        r
    }

    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        let op = match self.peek() {
            Tok::Punct("!") => UnOp::Not,
            Tok::Punct("~") => UnOp::BitNot,
            Tok::Punct("-") => UnOp::Neg,
            Tok::Punct("*") => UnOp::Deref,
            _ => return self.postfix(),
        };
        self.bump();
        let e = self.nested(|p| p.unary())?;
        Ok(Expr::Unary(op, Box::new(e)))
    }

    fn args(&mut self, close: &str) -> Result<Vec<Expr>, SyntaxError> {
        let mut args = Vec::new();
        if self.eat(close) {
            return Ok(args);
        }
        loop {
            args.push(self.expr()?);
            if self.eat(close) {
                return Ok(args);
            }
            self.expect(",")?;
        }
    }

    fn postfix(&mut self) -> Result<Expr, SyntaxError> {
        let e = self.primary()?;
        let depth = self.depth;
        let r = self.postfix_chain(e);
        self.depth = depth;
        r
    }

    fn postfix_chain(&mut self, mut e: Expr) -> Result<Expr, SyntaxError> {
        loop {
            if self.is("(") || self.is(".") || self.is("->") || self.is("[") {
                self.deepen()?;
            }
            if self.eat("(") {
                let args = self.args(")")?;
                e = Expr::Call(Box::new(e), args);
            } else if self.eat("[") {
                let index = self.expr()?;
                self.expect("]")?;
                e = Expr::Index(Box::new(e), Box::new(index));
            } else if self.is(".") || self.is("->") {
                self.bump();
                let name = self.ident()?;
                let (targs, _) = self.template_args()?.unwrap_or_default();
                let args = if self.eat("(") {
                    Some(self.args(")")?)
                } else {
                    None
                };
                e = Expr::Member {
                    recv: Box::new(e),
                    name,
                    targs,
                    args,
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        match self.peek().clone() {
            Tok::Int(v) => {
                self.bump();
                Ok(Expr::Int(v))
            }
            Tok::Float(v) => {
                self.bump();
                Ok(Expr::Float(v))
            }
            Tok::Str(s) => {
                self.bump();
                Ok(Expr::Str(s))
            }
            Tok::Dollar(s) => {
                self.bump();
                Ok(Expr::Dollar(s))
            }
            Tok::Punct("(") => {
                self.bump();
                let e = self.expr()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Punct("{") => {
                self.bump();
                Ok(Expr::Braces(self.args("}")?))
            }
            Tok::Punct("[") => self.lambda(),
            Tok::Ident(s) if s == "true" || s == "false" => {
                self.bump();
                Ok(Expr::Bool(s == "true"))
            }
            Tok::Ident(s) if s == "nullptr" => {
                self.bump();
                Ok(Expr::Null)
            }
            Tok::Ident(_) | Tok::Punct("::") => {
                let path = self.path()?;
                if self.is("{") && path.has_targs {
                    self.bump();
                    let args = self.args("}")?;
                    return Ok(Expr::Construct(path, args));
                }
                Ok(Expr::Name(path))
            }
            _ => Err(self.error("expected an expression")),
        }
    }

    /// `[&](::mlir::Type name) { return expr; }`
    fn lambda(&mut self) -> Result<Expr, SyntaxError> {
        self.expect("[")?;
        while !self.is("]") {
            if self.peek() == &Tok::End {
                return Err(self.error("unterminated lambda capture"));
            }
            self.bump();
        }
        self.expect("]")?;
        self.expect("(")?;
        self.type_name()?;
        let param = self.ident()?;
        self.expect(")")?;
        if self.eat("->") {
            self.type_name()?;
        }
        self.expect("{")?;
        if self.ident()? != "return" {
            self.pos -= 1;
            return Err(self.error("expected 'return': a lambda body must be one return"));
        }
        let body = self.expr()?;
        self.expect(";")?;
        self.expect("}")?;
        Ok(Expr::Lambda {
            param,
            body: Box::new(body),
        })
    }

    /// A qualified name with optional template arguments on its segments.
    fn path(&mut self) -> Result<Path, SyntaxError> {
        self.eat("::");
        let mut path = Path {
            segs: vec![self.ident()?],
            targs: Vec::new(),
            has_targs: false,
        };
        loop {
            if let Some((targs, _)) = self.template_args()? {
                path.targs = targs;
                path.has_targs = true;
            }
            if self.is("::") && matches!(self.peek_at(1), Tok::Ident(_)) {
                self.bump();
                path.segs.push(self.ident()?);
            } else {
                return Ok(path);
            }
        }
    }

    /// A type where only a type can stand (a lambda's parameter or return type): qualifiers,
    /// a qualified name whose `<...>` is always a template argument list, `&` and `*`.
    fn type_name(&mut self) -> Result<(), SyntaxError> {
        self.eat_keyword("const");
        self.path()?;
        if self.is("<") {
            self.nested(|p| {
                p.bump();
                while !p.eat(">") {
                    if p.peek() == &Tok::End {
                        return Err(p.error("unterminated template arguments"));
                    }
                    if let Tok::Int(_) = p.peek() {
                        p.bump();
                    } else {
                        p.type_name()?;
                    }
                    p.eat(",");
                }
                Ok(())
            })?;
        }
        while self.eat("&") || self.eat("*") {}
        Ok(())
    }

    /// Template arguments at the cursor, if `<` opens a list that closes before `(`, `{` or
    /// `::`; the cursor is left alone otherwise.
    fn template_args(&mut self) -> Result<Option<(Vec<Path>, bool)>, SyntaxError> {
        if !self.is("<") {
            return Ok(None);
        }
        let save = self.pos;
        let attempt = self.nested(|p| {
            p.bump();
            let mut args = Vec::new();
            if !p.eat(">") {
                loop {
                    p.eat_keyword("const");
                    // A non-type argument (`SmallVector<Type, 2>`) changes nothing here.
                    if let Tok::Int(_) = p.peek() {
                        p.bump();
                    } else {
                        args.push(p.path()?);
                    }
                    while p.eat("*") || p.eat("&") {}
                    if p.eat(">") {
                        break;
                    }
                    p.expect(",")?;
                }
            }
            Ok(args)
        });
        match attempt {
            Ok(args) if self.is("(") || self.is("{") || self.is("::") => Ok(Some((args, true))),
            _ => {
                self.pos = save;
                Ok(None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(segs: &[&str]) -> Path {
        Path {
            segs: segs.iter().map(|s| s.to_string()).collect(),
            targs: Vec::new(),
            has_targs: false,
        }
    }

    #[test]
    fn isa_with_template_arguments() {
        let e = parse("::llvm::isa<::mlir::IntegerType>($_self)").unwrap();
        let mut callee = name(&["llvm", "isa"]);
        callee.targs = vec![name(&["mlir", "IntegerType"])];
        callee.has_targs = true;
        assert_eq!(
            e,
            Expr::Call(
                Box::new(Expr::Name(callee)),
                vec![Expr::Dollar("_self".into())]
            )
        );
    }

    #[test]
    fn comparisons_are_not_template_arguments() {
        let e = parse("x.getRank() > 0 && a < b").unwrap();
        let Expr::Binary(BinOp::And, l, r) = e else {
            panic!("not an and: {e:?}")
        };
        assert!(matches!(*l, Expr::Binary(BinOp::Cmp(Cmp::Gt), _, _)));
        assert!(matches!(*r, Expr::Binary(BinOp::Cmp(Cmp::Lt), _, _)));
    }

    #[test]
    fn precedence_of_and_or_and_bit_operators() {
        // `&` binds tighter than `==`? No: in C++ `==` binds tighter than `&`.
        let e = parse("!(a & (~(1u|2u)))").unwrap();
        let Expr::Unary(UnOp::Not, inner) = e else {
            panic!()
        };
        assert!(matches!(*inner, Expr::Binary(BinOp::BitAnd, _, _)));
        let e = parse("a || b && c").unwrap();
        assert!(matches!(e, Expr::Binary(BinOp::Or, _, _)));
        let e = parse("a == b & c").unwrap();
        assert!(matches!(e, Expr::Binary(BinOp::BitAnd, _, _)));
    }

    #[test]
    fn lambdas_comments_and_brace_lists() {
        let e = parse(
            "[](::mlir::Type elementType) { return (elementType.isF32()); }(::llvm::cast<::mlir::ShapedType>($_self).getElementType())",
        )
        .unwrap();
        let Expr::Call(f, args) = e else { panic!() };
        assert!(matches!(*f, Expr::Lambda { ref param, .. } if param == "elementType"));
        assert_eq!(args.len(), 1);
        let e = parse("$_builder.getIntegerType(32, /*isSigned=*/true)").unwrap();
        let Expr::Member { args: Some(a), .. } = e else {
            panic!()
        };
        assert_eq!(a, vec![Expr::Int(32), Expr::Bool(true)]);
        let e = parse("::llvm::ArrayRef<int64_t>{}").unwrap();
        assert!(matches!(e, Expr::Construct(_, ref v) if v.is_empty()));
        let e = parse("std::equal_to<>()(a, b)").unwrap();
        assert!(matches!(e, Expr::Call(ref f, _) if matches!(**f, Expr::Call(..))));
    }

    #[test]
    fn literals() {
        assert_eq!(parse("1.5e3").unwrap(), Expr::Float(1500.0));
        assert_eq!(parse("0x10u").unwrap(), Expr::Int(16));
        assert_eq!(parse("\"a\\\"b\"").unwrap(), Expr::Str("a\"b".into()));
        assert_eq!(
            parse("-1").unwrap(),
            Expr::Unary(UnOp::Neg, Box::new(Expr::Int(1)))
        );
    }

    #[test]
    fn errors_carry_offsets() {
        let e = parse("isa<X>(").unwrap_err();
        assert_eq!(e.offset, 7);
        assert!(parse("a b").is_err());
        assert!(parse("\"open").is_err());
        let deep = "(".repeat(1000) + "1" + &")".repeat(1000);
        assert!(parse(&deep).is_err());
        // Chains nest as deeply as parentheses do.
        assert!(parse(&vec!["1"; 1000].join(" + ")).is_err());
        assert!(parse(&format!("x{}", ".f()".repeat(1000))).is_err());
        assert!(parse(&vec!["1"; 20].join(" + ")).is_ok());
    }
}
