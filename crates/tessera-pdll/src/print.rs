//! The AST dump (`-x=ast`), in the tree format of upstream's `mlir-pdll -x=ast`.
//!
//! Upstream prints each node's address; the dump prints a stable id instead (`0x` and a number
//! derived from the node's arena and index), so two runs print the same text and a node that
//! appears twice (a declaration under each reference to it) shows the same id both times.
//! Comparing with upstream means renumbering both sides' ids by first appearance.

use crate::ast::*;

/// Renders `ast` as upstream's tree.
pub fn dump(ast: &Ast) -> String {
    let mut out = Vec::new();
    // Writing to a vector cannot fail.
    let _ = dump_to(ast, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Writes the tree to `sink` as it is printed, a block at a time. A declaration is printed
/// again under every reference to it, so the dump can be far larger than the input; streaming
/// keeps memory bounded by the tree, not by the text.
pub fn dump_to(ast: &Ast, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    let mut p = Printer {
        ast,
        out: Vec::new(),
        indent: Vec::new(),
        prefix: Vec::new(),
        sink,
        error: None,
        depth: 0,
    };
    p.print(Node::Module);
    p.flush();
    match p.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Text is handed to the sink once this much has accumulated.
const BLOCK: usize = 1 << 16;

#[derive(Copy, Clone)]
enum Node {
    Module,
    Decl(DeclId),
    Stmt(StmtId),
    Expr(ExprId),
}

struct Printer<'a> {
    ast: &'a Ast,
    /// The text printed and not yet handed to the sink, as bytes: every piece is ASCII or
    /// a `str` from the tree, and pushing bytes skips the character encoding of `String`.
    out: Vec<u8>,
    /// For each open level, whether the element printed there is the last of its list.
    indent: Vec<bool>,
    /// What [`Printer::print_indent`] writes for the open levels but the innermost (each two
    /// characters), kept as levels open and close: only the innermost level's flag ever
    /// changes, so the prefix of a line is copied, not rebuilt level by level.
    prefix: Vec<u8>,
    sink: &'a mut dyn std::io::Write,
    /// The first write error; printing stops writing after it.
    error: Option<std::io::Error>,
    /// How many nodes are being printed, one inside the other (for the stack checks).
    depth: u32,
}

impl Printer<'_> {
    fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.sink.write_all(&self.out) {
                self.error = Some(e);
            }
        }
        self.out.clear();
    }

    fn id(node: Node) -> u64 {
        let (index, tag) = match node {
            Node::Module => return 3,
            Node::Decl(d) => (d.as_u32(), 0),
            Node::Stmt(s) => (s.as_u32(), 1),
            Node::Expr(e) => (e.as_u32(), 2),
        };
        ((u64::from(index) + 1) << 2) | tag
    }

    /// Appends ` 0x…` (a node's id as `{:#x}` formats it): the dump prints one per line, and
    /// the formatting machinery cost more than the rest of a line.
    fn push_id(&mut self, id: u64) {
        push_hex(&mut self.out, id);
    }

    /// Appends `what 0x…`: the start of most lines.
    fn head(&mut self, what: &str, id: u64) {
        self.out.extend_from_slice(what.as_bytes());
        self.push_id(id);
    }

    /// The whole line `what 0x…` of a node with no details.
    fn head_line(&mut self, what: &str, id: u64) {
        self.head(what, id);
        self.out.push(b'\n');
    }

    /// Appends `<tag><text>>`, e.g. ` Name<x>`.
    fn field(&mut self, tag: &str, text: &str) {
        self.out.extend_from_slice(tag.as_bytes());
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'>');
    }

    fn print_indent(&mut self) {
        let Some(&last) = self.indent.last() else {
            return;
        };
        self.out.extend_from_slice(&self.prefix);
        self.out.extend_from_slice(if last { b" `" } else { b" |" });
    }

    /// Opens a level (its element not the last of its list yet).
    fn push_level(&mut self) {
        // The innermost level becomes an outer one: its two characters join the prefix.
        if let Some(&done) = self.indent.last() {
            self.prefix
                .extend_from_slice(if done { b"  " } else { b" |" });
        }
        self.indent.push(false);
    }

    fn pop_level(&mut self) {
        self.indent.pop();
        let len = self.prefix.len().saturating_sub(2);
        self.prefix.truncate(len);
    }

    /// Prints `nodes` one level down, the last marked as such.
    fn children<I>(&mut self, nodes: I)
    where
        I: IntoIterator<Item = Node>,
        I::IntoIter: ExactSizeIterator,
    {
        let nodes = nodes.into_iter();
        let last = nodes.len().saturating_sub(1);
        for (i, n) in nodes.enumerate() {
            if i == last {
                if let Some(l) = self.indent.last_mut() {
                    *l = true;
                }
            }
            self.print(n);
        }
    }

    fn labeled<I>(&mut self, label: &str, nodes: I)
    where
        I: IntoIterator<Item = Node>,
        I::IntoIter: ExactSizeIterator,
    {
        let nodes = nodes.into_iter();
        if nodes.len() == 0 {
            return;
        }
        let saved = self.indent.last().copied();
        if let Some(l) = self.indent.last_mut() {
            *l = true;
        }
        self.print_indent();
        self.out.extend_from_slice(label.as_bytes());
        self.out.extend_from_slice(b"`\n");
        self.push_level();
        self.children(nodes);
        self.pop_level();
        if let (Some(l), Some(saved)) = (self.indent.last_mut(), saved) {
            *l = saved;
        }
    }

    /// Appends `Type<…>` for `ty`.
    fn type_field(&mut self, ty: TypeId) {
        self.out.extend_from_slice(b" Type<");
        self.ast.types.write(&mut self.out, ty, &self.ast.names);
        self.out.push(b'>');
    }

    /// The line `what id Type<ty>` of an expression whose only detail is its type.
    fn typed_line(&mut self, what: &str, id: u64, ty: TypeId) {
        self.head(what, id);
        self.type_field(ty);
        self.out.push(b'\n');
    }

    fn print(&mut self, node: Node) {
        self.depth += 1;
        crate::with_stack_every(self.depth, || self.print_node(node));
        self.depth -= 1;
    }

    fn print_node(&mut self, node: Node) {
        if self.out.len() >= BLOCK {
            self.flush();
        }
        if self.error.is_some() {
            return;
        }
        // An expression statement is its expression.
        let node = match node {
            Node::Stmt(s) => match self.ast.stmts[s].kind {
                StmtKind::Expr(e) => Node::Expr(e),
                _ => node,
            },
            _ => node,
        };
        self.print_indent();
        self.out.push(b'-');
        self.push_level();
        let id = Self::id(node);
        match node {
            Node::Module => {
                self.head_line("Module", id);
                let ast = self.ast;
                self.children(ast.top_level.iter().map(|&d| Node::Decl(d)));
            }
            Node::Decl(d) => self.print_decl(d, id),
            Node::Stmt(s) => self.print_stmt(s, id),
            Node::Expr(e) => self.print_expr(e, id),
        }
        self.pop_level();
    }

    fn print_stmt(&mut self, s: StmtId, id: u64) {
        match &self.ast.stmts[s].kind {
            StmtKind::Compound(children) => {
                self.head_line("CompoundStmt", id);
                self.children(children.iter().map(|&c| Node::Stmt(c)));
            }
            StmtKind::Erase(root) => {
                self.head_line("EraseStmt", id);
                self.children([Node::Expr(*root)]);
            }
            StmtKind::Let(var) => {
                self.head_line("LetStmt", id);
                self.children([Node::Decl(*var)]);
            }
            StmtKind::Replace { root, with } => {
                self.head_line("ReplaceStmt", id);
                self.children([Node::Expr(*root)]);
                self.labeled("ReplValues", with.iter().map(|&e| Node::Expr(e)));
            }
            StmtKind::Return(e) => {
                self.head_line("ReturnStmt", id);
                self.children([Node::Expr(*e)]);
            }
            StmtKind::Rewrite { root, body } => {
                self.head_line("RewriteStmt", id);
                self.children([Node::Expr(*root), Node::Stmt(*body)]);
            }
            StmtKind::Expr(_) => unreachable!("printed as its expression"),
        }
    }

    fn print_expr(&mut self, e: ExprId, id: u64) {
        let expr = &self.ast.exprs[e];
        let ty = expr.ty;
        let names = &self.ast.names;
        match &expr.kind {
            ExprKind::Attribute(v) => {
                self.head("AttributeExpr", id);
                self.out.extend_from_slice(b" Value<\"");
                self.out.extend_from_slice(names.str(*v).as_bytes());
                self.out.extend_from_slice(b"\">\n");
            }
            ExprKind::Call(call) => {
                let (callee, args, negated) = (&call.callee, &call.args, &call.negated);
                let neg = if *negated { " Negated\n" } else { "\n" };
                self.head("CallExpr", id);
                self.type_field(ty);
                self.out.extend_from_slice(neg.as_bytes());
                self.children([Node::Expr(*callee)]);
                self.labeled("Arguments", args.iter().map(|&a| Node::Expr(a)));
            }
            ExprKind::DeclRef(d) => {
                self.typed_line("DeclRefExpr", id, ty);
                self.children([Node::Decl(*d)]);
            }
            ExprKind::MemberAccess { parent, member } => {
                self.head("MemberAccessExpr", id);
                self.field(" Member<", names.str(*member));
                self.type_field(ty);
                self.out.push(b'\n');
                self.children([Node::Expr(*parent)]);
            }
            ExprKind::Operation(op) => {
                self.typed_line("OperationExpr", id, ty);
                self.children([Node::Decl(op.name)]);
                self.labeled("Operands", op.operands.iter().map(|&o| Node::Expr(o)));
                self.labeled("Result Types", op.results.iter().map(|&r| Node::Expr(r)));
                self.labeled("Attributes", op.attrs.iter().map(|&a| Node::Decl(a)));
            }
            ExprKind::Tuple(tuple) => {
                self.typed_line("TupleExpr", id, ty);
                self.children(tuple.elems.iter().map(|&x| Node::Expr(x)));
            }
            ExprKind::Type(v) => {
                self.head("TypeExpr", id);
                self.out.extend_from_slice(b" Value<\"");
                self.out.extend_from_slice(names.str(*v).as_bytes());
                self.out.extend_from_slice(b"\">\n");
            }
            ExprKind::Range(elems) => {
                self.typed_line("RangeExpr", id, ty);
                self.children(elems.iter().map(|&x| Node::Expr(x)));
            }
        }
    }

    fn print_decl(&mut self, d: DeclId, id: u64) {
        let names = &self.ast.names;
        match &self.ast.decls[d].kind {
            DeclKind::Variable {
                name,
                ty,
                init,
                constraints,
            } => {
                self.head("VariableDecl", id);
                self.field(" Name<", names.str(name.sym));
                self.type_field(*ty);
                self.out.push(b'\n');
                if let Some(init) = init.expand() {
                    self.children([Node::Expr(init)]);
                }
                self.labeled(
                    "Constraints",
                    self.ast
                        .constraints(*constraints)
                        .iter()
                        .map(|c| Node::Decl(c.constraint)),
                );
            }
            DeclKind::UserConstraint(c) | DeclKind::UserRewrite(c) => {
                let what = if matches!(self.ast.decls[d].kind, DeclKind::UserRewrite(_)) {
                    "UserRewriteDecl"
                } else {
                    "UserConstraintDecl"
                };
                self.head(what, id);
                self.field(" Name<", names.str(c.name.sym));
                self.out.extend_from_slice(b" ResultType<");
                self.ast
                    .types
                    .write(&mut self.out, c.result_type, &self.ast.names);
                self.out.push(b'>');
                if let Some(code) = &c.code {
                    self.out.extend_from_slice(b" Code<");
                    escape_into(&mut self.out, code);
                    self.out.push(b'>');
                }
                self.out.push(b'\n');
                self.labeled("Inputs", c.inputs.iter().map(|&x| Node::Decl(x)));
                self.labeled("Results", c.results.iter().map(|&x| Node::Decl(x)));
                if let Some(body) = c.body {
                    self.children([Node::Stmt(body)]);
                }
            }
            DeclKind::Pattern {
                name,
                benefit,
                recursion,
                body,
            } => {
                self.head("PatternDecl", id);
                if let Some(name) = name {
                    self.field(" Name<", names.str(name.sym));
                }
                if let Some(b) = benefit {
                    self.out.extend_from_slice(b" Benefit<");
                    push_decimal(&mut self.out, u64::from(*b));
                    self.out.push(b'>');
                }
                if *recursion {
                    self.out.extend_from_slice(b" Recursion");
                }
                self.out.push(b'\n');
                self.children([Node::Stmt(*body)]);
            }
            DeclKind::OpName(name) => {
                self.head("OpNameDecl", id);
                if let Some(name) = name {
                    self.field(" Name<", names.str(name.sym));
                }
                self.out.push(b'\n');
            }
            DeclKind::NamedAttribute { name, value } => {
                self.head("NamedAttributeDecl", id);
                self.field(" Name<", names.str(name.sym));
                self.out.push(b'\n');
                self.children([Node::Expr(*value)]);
            }
            DeclKind::AttrConstraint(t) => self.constraint_with_type("AttrConstraintDecl", id, *t),
            DeclKind::ValueConstraint(t) => {
                self.constraint_with_type("ValueConstraintDecl", id, *t)
            }
            DeclKind::ValueRangeConstraint(t) => {
                self.constraint_with_type("ValueRangeConstraintDecl", id, *t)
            }
            DeclKind::OpConstraint(name) => {
                self.head_line("OpConstraintDecl", id);
                self.children([Node::Decl(*name)]);
            }
            DeclKind::TypeConstraint => {
                self.head_line("TypeConstraintDecl", id);
            }
            DeclKind::TypeRangeConstraint => {
                self.head_line("TypeRangeConstraintDecl", id);
            }
        }
    }

    fn constraint_with_type(&mut self, what: &str, id: u64, type_expr: Option<ExprId>) {
        self.head_line(what, id);
        if let Some(t) = type_expr {
            self.children([Node::Expr(t)]);
        }
    }
}

/// Appends ` 0x` and `value` in lower-case hex without leading zeros (as `{:#x}`).
///
/// Written from the last digit back, a byte (two digits, one read of [`HEX_PAIRS`]) at a
/// time: every line of the dump has an id, and a digit at a time (each shifted out of the
/// value from the top) cost 8.7 M more of the 413 M instructions of `-x=ast` on
/// `bench/pdll/gen.py 10000`.
fn push_hex(out: &mut Vec<u8>, value: u64) {
    // Nibbles from the highest set one down (one for zero).
    let nibbles = ((64 - value.leading_zeros()).max(1) as usize).div_ceil(4);
    let mut text = [0u8; 19];
    text[..3].copy_from_slice(b" 0x");
    let end = 3 + nibbles;
    let (mut v, mut i) = (value, end);
    while i >= 5 {
        let pair = HEX_PAIRS[(v & 0xff) as usize];
        text[i - 2..i].copy_from_slice(&pair);
        v >>= 8;
        i -= 2;
    }
    if i == 4 {
        text[3] = HEX_PAIRS[(v & 0xf) as usize][1];
    }
    out.extend_from_slice(&text[..end]);
}

/// The two lower-case hex digits of every byte.
static HEX_PAIRS: [[u8; 2]; 256] = {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut pairs = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        pairs[b] = [DIGITS[b >> 4], DIGITS[b & 0xf]];
        b += 1;
    }
    pairs
};

/// Appends `value` in decimal.
fn push_decimal(out: &mut Vec<u8>, value: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    let mut v = value;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[i..]);
}

/// LLVM's `printEscapedString`: backslashes doubled, printable ASCII other than `"` as is,
/// everything else as `\XX` in upper-case hex.
fn escape_into(out: &mut Vec<u8>, s: &str) {
    for &b in s.as_bytes() {
        if b == b'\\' {
            out.extend_from_slice(b"\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.push(b);
        } else {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.extend_from_slice(&[b'\\', HEX[usize::from(b >> 4)], HEX[usize::from(b & 0xf)]]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::push_hex;

    #[test]
    fn hex_ids_read_as_format_prints_them() {
        let values = [
            0,
            1,
            0xf,
            0x10,
            0xff,
            0x100,
            0xabc,
            0x1234_5678,
            0x55d0_c0ff_ee01,
            1 << 63,
            u64::MAX,
        ];
        for v in values {
            let mut out = Vec::new();
            push_hex(&mut out, v);
            assert_eq!(String::from_utf8(out).unwrap(), format!(" {v:#x}"), "{v}");
        }
    }
}
