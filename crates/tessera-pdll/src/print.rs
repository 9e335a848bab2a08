//! The AST dump (`-x=ast`), in the tree format of upstream's `mlir-pdll -x=ast`.
//!
//! Upstream prints each node's address; the dump prints a stable id instead (`0x` and a number
//! derived from the node's arena and index), so two runs print the same text and a node that
//! appears twice (a declaration under each reference to it) shows the same id both times.
//! Comparing with upstream means renumbering both sides' ids by first appearance.

use crate::ast::*;
use std::fmt::Write;

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
        out: String::new(),
        indent: Vec::new(),
        sink,
        error: None,
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
    out: String,
    /// For each open level, whether the element printed there is the last of its list.
    indent: Vec<bool>,
    sink: &'a mut dyn std::io::Write,
    /// The first write error; printing stops writing after it.
    error: Option<std::io::Error>,
}

impl Printer<'_> {
    fn flush(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.sink.write_all(self.out.as_bytes()) {
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

    fn print_indent(&mut self) {
        let Some((&last, outer)) = self.indent.split_last() else {
            return;
        };
        for &done in outer {
            self.out.push_str(if done { "  " } else { " |" });
        }
        self.out.push_str(if last { " `" } else { " |" });
    }

    fn children(&mut self, nodes: &[Node]) {
        let Some((last, rest)) = nodes.split_last() else {
            return;
        };
        for &n in rest {
            self.print(n);
        }
        if let Some(l) = self.indent.last_mut() {
            *l = true;
        }
        self.print(*last);
    }

    fn labeled(&mut self, label: &str, nodes: &[Node]) {
        if nodes.is_empty() {
            return;
        }
        let saved = self.indent.last().copied();
        if let Some(l) = self.indent.last_mut() {
            *l = true;
        }
        self.print_indent();
        let _ = writeln!(self.out, "{label}`");
        self.indent.push(false);
        self.children(nodes);
        self.indent.pop();
        if let (Some(l), Some(saved)) = (self.indent.last_mut(), saved) {
            *l = saved;
        }
    }

    /// Appends `Type<…>` for `ty`.
    fn type_field(&mut self, ty: TypeId) {
        self.out.push_str(" Type<");
        self.ast.types.write(&mut self.out, ty, &self.ast.names);
        self.out.push('>');
    }

    /// The line `what id Type<ty>` of an expression whose only detail is its type.
    fn typed_line(&mut self, what: &str, id: u64, ty: TypeId) {
        let _ = write!(self.out, "{what} {id:#x}");
        self.type_field(ty);
        self.out.push('\n');
    }

    fn print(&mut self, node: Node) {
        crate::with_stack(|| self.print_node(node));
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
        self.out.push('-');
        self.indent.push(false);
        let id = Self::id(node);
        match node {
            Node::Module => {
                let _ = writeln!(self.out, "Module {id:#x}");
                let decls: Vec<Node> = self.ast.top_level.iter().map(|&d| Node::Decl(d)).collect();
                self.children(&decls);
            }
            Node::Decl(d) => self.print_decl(d, id),
            Node::Stmt(s) => self.print_stmt(s, id),
            Node::Expr(e) => self.print_expr(e, id),
        }
        self.indent.pop();
    }

    fn print_stmt(&mut self, s: StmtId, id: u64) {
        match &self.ast.stmts[s].kind {
            StmtKind::Compound(children) => {
                let _ = writeln!(self.out, "CompoundStmt {id:#x}");
                let nodes: Vec<Node> = children.iter().map(|&c| Node::Stmt(c)).collect();
                self.children(&nodes);
            }
            StmtKind::Erase(root) => {
                let _ = writeln!(self.out, "EraseStmt {id:#x}");
                self.children(&[Node::Expr(*root)]);
            }
            StmtKind::Let(var) => {
                let _ = writeln!(self.out, "LetStmt {id:#x}");
                self.children(&[Node::Decl(*var)]);
            }
            StmtKind::Replace { root, with } => {
                let _ = writeln!(self.out, "ReplaceStmt {id:#x}");
                self.children(&[Node::Expr(*root)]);
                let nodes: Vec<Node> = with.iter().map(|&e| Node::Expr(e)).collect();
                self.labeled("ReplValues", &nodes);
            }
            StmtKind::Return(e) => {
                let _ = writeln!(self.out, "ReturnStmt {id:#x}");
                self.children(&[Node::Expr(*e)]);
            }
            StmtKind::Rewrite { root, body } => {
                let _ = writeln!(self.out, "RewriteStmt {id:#x}");
                self.children(&[Node::Expr(*root), Node::Stmt(*body)]);
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
                let _ = writeln!(
                    self.out,
                    "AttributeExpr {id:#x} Value<\"{}\">",
                    names.str(*v)
                );
            }
            ExprKind::Call(call) => {
                let (callee, args, negated) = (&call.callee, &call.args, &call.negated);
                let neg = if *negated { " Negated" } else { "" };
                let _ = write!(self.out, "CallExpr {id:#x}");
                self.type_field(ty);
                let _ = writeln!(self.out, "{neg}");
                self.children(&[Node::Expr(*callee)]);
                let nodes: Vec<Node> = args.iter().map(|&a| Node::Expr(a)).collect();
                self.labeled("Arguments", &nodes);
            }
            ExprKind::DeclRef(d) => {
                self.typed_line("DeclRefExpr", id, ty);
                self.children(&[Node::Decl(*d)]);
            }
            ExprKind::MemberAccess { parent, member } => {
                let _ = write!(
                    self.out,
                    "MemberAccessExpr {id:#x} Member<{}>",
                    names.str(*member)
                );
                self.type_field(ty);
                self.out.push('\n');
                self.children(&[Node::Expr(*parent)]);
            }
            ExprKind::Operation(op) => {
                self.typed_line("OperationExpr", id, ty);
                self.children(&[Node::Decl(op.name)]);
                let ops: Vec<Node> = op.operands.iter().map(|&o| Node::Expr(o)).collect();
                self.labeled("Operands", &ops);
                let res: Vec<Node> = op.results.iter().map(|&r| Node::Expr(r)).collect();
                self.labeled("Result Types", &res);
                let at: Vec<Node> = op.attrs.iter().map(|&a| Node::Decl(a)).collect();
                self.labeled("Attributes", &at);
            }
            ExprKind::Tuple(tuple) => {
                self.typed_line("TupleExpr", id, ty);
                let nodes: Vec<Node> = tuple.elems.iter().map(|&x| Node::Expr(x)).collect();
                self.children(&nodes);
            }
            ExprKind::Type(v) => {
                let _ = writeln!(self.out, "TypeExpr {id:#x} Value<\"{}\">", names.str(*v));
            }
            ExprKind::Range(elems) => {
                self.typed_line("RangeExpr", id, ty);
                let nodes: Vec<Node> = elems.iter().map(|&x| Node::Expr(x)).collect();
                self.children(&nodes);
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
                let _ = write!(
                    self.out,
                    "VariableDecl {id:#x} Name<{}>",
                    names.str(name.sym)
                );
                self.type_field(*ty);
                self.out.push('\n');
                if let Some(init) = init.expand() {
                    self.children(&[Node::Expr(init)]);
                }
                let nodes: Vec<Node> = self
                    .ast
                    .constraints(*constraints)
                    .iter()
                    .map(|c| Node::Decl(c.constraint))
                    .collect();
                self.labeled("Constraints", &nodes);
            }
            DeclKind::UserConstraint(c) | DeclKind::UserRewrite(c) => {
                let what = if matches!(self.ast.decls[d].kind, DeclKind::UserRewrite(_)) {
                    "UserRewriteDecl"
                } else {
                    "UserConstraintDecl"
                };
                let _ = write!(
                    self.out,
                    "{what} {id:#x} Name<{}> ResultType<",
                    names.str(c.name.sym)
                );
                self.ast
                    .types
                    .write(&mut self.out, c.result_type, &self.ast.names);
                self.out.push('>');
                if let Some(code) = &c.code {
                    self.out.push_str(" Code<");
                    escape_into(&mut self.out, code);
                    self.out.push('>');
                }
                self.out.push('\n');
                let inputs: Vec<Node> = c.inputs.iter().map(|&x| Node::Decl(x)).collect();
                self.labeled("Inputs", &inputs);
                let results: Vec<Node> = c.results.iter().map(|&x| Node::Decl(x)).collect();
                self.labeled("Results", &results);
                if let Some(body) = c.body {
                    self.children(&[Node::Stmt(body)]);
                }
            }
            DeclKind::Pattern {
                name,
                benefit,
                recursion,
                body,
            } => {
                let _ = write!(self.out, "PatternDecl {id:#x}");
                if let Some(name) = name {
                    let _ = write!(self.out, " Name<{}>", names.str(name.sym));
                }
                if let Some(b) = benefit {
                    let _ = write!(self.out, " Benefit<{b}>");
                }
                if *recursion {
                    self.out.push_str(" Recursion");
                }
                self.out.push('\n');
                self.children(&[Node::Stmt(*body)]);
            }
            DeclKind::OpName(name) => {
                let _ = write!(self.out, "OpNameDecl {id:#x}");
                if let Some(name) = name {
                    let _ = write!(self.out, " Name<{}>", names.str(name.sym));
                }
                self.out.push('\n');
            }
            DeclKind::NamedAttribute { name, value } => {
                let _ = writeln!(
                    self.out,
                    "NamedAttributeDecl {id:#x} Name<{}>",
                    names.str(name.sym)
                );
                self.children(&[Node::Expr(*value)]);
            }
            DeclKind::AttrConstraint(t) => self.constraint_with_type("AttrConstraintDecl", id, *t),
            DeclKind::ValueConstraint(t) => {
                self.constraint_with_type("ValueConstraintDecl", id, *t)
            }
            DeclKind::ValueRangeConstraint(t) => {
                self.constraint_with_type("ValueRangeConstraintDecl", id, *t)
            }
            DeclKind::OpConstraint(name) => {
                let _ = writeln!(self.out, "OpConstraintDecl {id:#x}");
                self.children(&[Node::Decl(*name)]);
            }
            DeclKind::TypeConstraint => {
                let _ = writeln!(self.out, "TypeConstraintDecl {id:#x}");
            }
            DeclKind::TypeRangeConstraint => {
                let _ = writeln!(self.out, "TypeRangeConstraintDecl {id:#x}");
            }
        }
    }

    fn constraint_with_type(&mut self, what: &str, id: u64, type_expr: Option<ExprId>) {
        let _ = writeln!(self.out, "{what} {id:#x}");
        if let Some(t) = type_expr {
            self.children(&[Node::Expr(t)]);
        }
    }
}

/// LLVM's `printEscapedString`: backslashes doubled, printable ASCII other than `"` as is,
/// everything else as `\XX` in upper-case hex.
fn escape_into(out: &mut String, s: &str) {
    for &b in s.as_bytes() {
        if b == b'\\' {
            out.push_str("\\\\");
        } else if (0x20..0x7f).contains(&b) && b != b'"' {
            out.push(b as char);
        } else {
            let _ = write!(out, "\\{b:02X}");
        }
    }
}
