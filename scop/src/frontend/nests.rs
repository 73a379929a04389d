//! The `for` statements of a file's own functions, with where they stand: what automatic
//! region detection tries as regions ([`loop_nests`], then [`FrontendConfig::regions`]).

use super::*;

/// A `for` statement of a function defined in the file itself ([`loop_nests`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopNest {
    /// The function it stands in.
    pub function: String,
    /// Its first line (1-based), where its `for` stands, or the assignment to its counter just
    /// before it when the `for` has no initialization (`d = 1;` before `for (; d < n; d++)`).
    pub first_line: u32,
    /// Its last line.
    pub last_line: u32,
    /// The index, in the list [`loop_nests`] returns, of the `for` statement closest around
    /// it, if any.
    pub parent: Option<usize>,
    /// Whether it can be a region of its own: it is a statement of a block (not the body of a
    /// loop or a branch), with lines of its own (nothing but blanks before its `for` on its
    /// first line, nothing but blanks and comments after it on its last: a region replaces
    /// whole lines).
    pub alone: bool,
    /// The statements of its body, when the body is a block whose every statement has lines
    /// of its own (else none): where a nest cannot be a region, runs of them can.
    pub body: Vec<BodyItem>,
}

/// A statement (or declaration) of a loop's body block ([`LoopNest::body`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyItem {
    /// Its first line (1-based).
    pub first_line: u32,
    /// Its last line.
    pub last_line: u32,
    /// Whether it is a statement (not a declaration) that holds a loop, or a call of a
    /// function the file defines: work a region can take.
    pub work: bool,
}

/// The `for` statements of the functions C `text` (named `name`) defines itself, in the file's
/// order (a statement before those inside it), each with the lines it takes.
pub fn loop_nests(
    name: &str,
    text: &str,
    include_dir: Option<&Path>,
    config: &FrontendConfig,
) -> Result<Vec<LoopNest>, CError> {
    on_unit(
        name,
        text,
        include_dir,
        config,
        |name, lines, unit, pragmas| {
            let mut out = Vec::new();
            let defined: Vec<String> = unit
                .0
                .iter()
                .filter_map(|e| match &e.node {
                    ast::ExternalDeclaration::FunctionDefinition(d) => {
                        declarator_name(&d.node.declarator.node)
                    }
                    _ => None,
                })
                .collect();
            for (def, _, _) in own_definitions(name, lines, unit) {
                let mut walk = Walk {
                    name,
                    lines,
                    pragmas,
                    function: declarator_name(&def.node.declarator.node).unwrap_or_default(),
                    defined: &defined,
                    out: &mut out,
                };
                walk.statement(&def.node.statement, None, false);
            }
            Ok(out)
        },
    )
}

struct Walk<'a> {
    name: &'a str,
    lines: &'a LineMap,
    pragmas: &'a Pragmas,
    function: String,
    /// The functions the translation unit defines.
    defined: &'a [String],
    out: &'a mut Vec<LoopNest>,
}

impl Walk<'_> {
    /// Whether the text of `span` has lines of its own: nothing but blanks before it on its
    /// first line, nothing but blanks after it on its last (a region replaces whole lines).
    fn own_lines(&self, span: Span) -> bool {
        let end = self.pragmas.text_end(span);
        let src = &self.pragmas.source;
        let line_start = src[..span.start].rfind('\n').map_or(0, |n| n + 1);
        let line_end = src[end..].find('\n').map_or(src.len(), |n| end + n);
        src[line_start..span.start].trim().is_empty() && src[end..line_end].trim().is_empty()
    }

    /// The items of a loop's body block, when each has lines of its own in the file.
    fn body(&self, items: &[Node<BlockItem>]) -> Vec<BodyItem> {
        let mut out = Vec::new();
        for i in items {
            let end = self.pragmas.text_end(i.span);
            let (first, last) = (
                self.lines.loc(i.span.start),
                self.lines.loc(end.saturating_sub(1).max(i.span.start)),
            );
            if first.file != self.name || last.file != self.name || !self.own_lines(i.span) {
                return Vec::new();
            }
            // A declaration is no region of its own: what it declares is used after it.
            let mut work = Work(self.defined, false);
            if let BlockItem::Statement(st) = &i.node {
                lang_c::visit::Visit::visit_statement(&mut work, &st.node, &st.span);
            }
            out.push(BodyItem {
                first_line: first.line,
                last_line: last.line,
                work: work.1,
            });
        }
        out
    }

    /// Records the `for` statements of `s`; `in_block`: `s` is an item of a block.
    fn statement(&mut self, s: &Node<Statement>, parent: Option<usize>, in_block: bool) {
        match &s.node {
            Statement::Compound(items) => {
                let mut before = None;
                for i in items {
                    if let BlockItem::Statement(st) = &i.node {
                        match &st.node {
                            Statement::For(f) => {
                                let start = starts_at(before, f, |sp| self.own_lines(sp));
                                let start = start.unwrap_or(st.span.start);
                                self.for_statement(st.span, f, start, parent, true);
                            }
                            _ => self.statement(st, parent, true),
                        }
                        before = Some(st);
                    } else {
                        before = None;
                    }
                }
            }
            Statement::For(f) => self.for_statement(s.span, f, s.span.start, parent, in_block),
            Statement::If(i) => {
                self.statement(&i.node.then_statement, parent, false);
                if let Some(e) = &i.node.else_statement {
                    self.statement(e, parent, false);
                }
            }
            Statement::While(w) => self.statement(&w.node.statement, parent, false),
            Statement::DoWhile(w) => self.statement(&w.node.statement, parent, false),
            Statement::Labeled(l) => self.statement(&l.node.statement, parent, false),
            Statement::Switch(w) => self.statement(&w.node.statement, parent, false),
            _ => {}
        }
    }

    /// Records `for` statement `f` (at `span`), whose text starts at `start` (its own start, or
    /// that of the assignment to its counter before it).
    fn for_statement(
        &mut self,
        span: Span,
        f: &Node<ast::ForStatement>,
        start: usize,
        parent: Option<usize>,
        in_block: bool,
    ) {
        let end = self.pragmas.text_end(span);
        let (first, last) = (
            self.lines.loc(start),
            self.lines.loc(end.saturating_sub(1).max(span.start)),
        );
        if first.file != self.name || last.file != self.name {
            return;
        }
        let alone = in_block && self.own_lines(span);
        let body = match &f.node.statement.node {
            Statement::Compound(items) => self.body(items),
            _ => Vec::new(),
        };
        self.out.push(LoopNest {
            function: self.function.clone(),
            first_line: first.line,
            last_line: last.line,
            parent,
            alone,
            body,
        });
        let me = Some(self.out.len() - 1);
        self.statement(&f.node.statement, me, false);
    }
}

/// Where a `for` loop without an initialization starts its text when `before` (the statement
/// just before it in its block, with lines of its own: `own_lines`) assigns its counter, as in
/// `d = 1;\n for (; d < n; d++)`: a region must hold both ([`Lower::for_loop`] starts the loop
/// at that value).
fn starts_at(
    before: Option<&Node<Statement>>,
    f: &Node<ast::ForStatement>,
    own_lines: impl Fn(Span) -> bool,
) -> Option<usize> {
    if !matches!(f.node.initializer.node, ast::ForInitializer::Empty) {
        return None;
    }
    let name = |e: &Node<Expression>| match &e.node {
        Expression::Identifier(id) => Some(id.node.name.clone()),
        _ => None,
    };
    let Expression::BinaryOperator(c) = &f.node.condition.as_ref()?.node else {
        return None;
    };
    let before = before?;
    let Statement::Expression(Some(e)) = &before.node else {
        return None;
    };
    let Expression::BinaryOperator(a) = &e.node else {
        return None;
    };
    let target = name(&a.node.lhs)?;
    (a.node.operator.node == ast::BinaryOperator::Assign
        && [name(&c.node.lhs), name(&c.node.rhs)].contains(&Some(target))
        && own_lines(before.span))
    .then_some(before.span.start)
}

/// Finds a loop, or a call of one of the functions `.0`.
struct Work<'d>(&'d [String], bool);

impl<'ast> lang_c::visit::Visit<'ast> for Work<'_> {
    fn visit_statement(&mut self, s: &'ast Statement, span: &'ast Span) {
        self.1 |= matches!(
            s,
            Statement::For(_) | Statement::While(_) | Statement::DoWhile(_)
        );
        lang_c::visit::visit_statement(self, s, span);
    }

    fn visit_expression(&mut self, e: &'ast Expression, span: &'ast Span) {
        if let Expression::Call(c) = e
            && let Expression::Identifier(f) = &c.node.callee.node
        {
            self.1 |= self.0.contains(&f.node.name);
        }
        lang_c::visit::visit_expression(self, e, span);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nests_are_listed_with_their_lines_and_whether_they_stand_alone() {
        let src = "void f(int n, double *a) {\n  int i, j;\n  for (i = 0; i < n; i++)\n    for (j = 0; j < n; j++)\n      a[i] += j;\n  if (n) for (i = 0; i < n; i++) a[i] = 0;\n  while (n--) {\n    for (i = 0; i < 2; i++) { a[i] = 1; }\n  }\n}\n";
        let nests = loop_nests("f.c", src, None, &FrontendConfig::default()).unwrap();
        let got: Vec<(u32, u32, Option<usize>, bool)> = nests
            .iter()
            .map(|n| (n.first_line, n.last_line, n.parent, n.alone))
            .collect();
        // The inner `for j` is the outer loop's body and the `if`'s loop shares its line:
        // neither can be a region of its own; the loop in the `while`'s block can.
        assert_eq!(
            got,
            vec![
                (3, 5, None, true),
                (4, 5, Some(0), false),
                (6, 6, None, false),
                (8, 8, None, true)
            ]
        );
        assert!(nests.iter().all(|n| n.function == "f"));
        // The body of the outer loop is no block; the statement of the last loop's block
        // shares its line with the braces.
        assert!(nests[0].body.is_empty());
        assert!(nests[3].body.is_empty());
    }

    #[test]
    fn a_for_without_initialization_starts_at_the_assignment_to_its_counter() {
        let src = "void f(int n, double *a) {\n  int d, e;\n  d = 1;\n  for (; d < n; d++)\n    a[d] = 0;\n  e = 2; a[0] = 1;\n  for (; e < n; e++)\n    a[e] = 1;\n  a[1] = 2;\n  for (; n > d; d++)\n    a[d] = 2;\n}\n";
        let nests = loop_nests("f.c", src, None, &FrontendConfig::default()).unwrap();
        let lines: Vec<(u32, u32)> = nests.iter().map(|n| (n.first_line, n.last_line)).collect();
        // The first takes `d = 1;`; the second's assignment shares a line with another
        // statement, and the third's statement before it assigns no counter.
        assert_eq!(lines, vec![(3, 5), (7, 8), (10, 11)]);
    }

    #[test]
    fn a_loops_statements_say_whether_they_hold_work() {
        let src = "void g(double *a);\nvoid h(double *a) { a[0] = 1; }\nvoid f(int n, double *a) {\n  for (int t = 0; t < n; t++) {\n    double s = 0;\n    h(a);\n    g(a);\n    for (int i = 0; i < n; i++)\n      s += a[i];\n    a[0] = s; a[1] = s;\n  }\n}\n";
        let nests = loop_nests("f.c", src, None, &FrontendConfig::default()).unwrap();
        // The last two statements share a line: no statement of the body is offered.
        assert!(nests[0].body.is_empty());
        let src = src.replace("a[0] = s; a[1] = s;", "a[0] = s;");
        let nests = loop_nests("f.c", &src, None, &FrontendConfig::default()).unwrap();
        let work: Vec<(u32, bool)> = nests[0]
            .body
            .iter()
            .map(|b| (b.first_line, b.work))
            .collect();
        // A declaration, a call of the file's `h`, of the unknown `g`, a loop, an assignment.
        assert_eq!(
            work,
            vec![(5, false), (6, true), (7, false), (8, true), (10, false)]
        );
    }

    #[test]
    fn given_lines_are_regions_without_pragmas() {
        let src = "void f(int n, double *a, double *b) {\n  int i;\n  for (i = 0; i < n; i++)\n    a[i] = 2.0 * a[i];\n  b[0] = 1.0;\n  for (i = 1; i < n; i++)\n    b[i] = b[i - 1] + a[i];\n}\n";
        let config = FrontendConfig {
            regions: vec![(3, 4), (6, 7)],
            ..FrontendConfig::default()
        };
        let r = regions("f.c", src, None, &config).unwrap();
        let lines: Vec<(u32, u32, bool)> = r
            .iter()
            .map(|r| (r.scop_line, r.endscop_line, r.pragmas))
            .collect();
        assert_eq!(lines, vec![(3, 4, false), (6, 7, false)]);
        assert!(r.iter().all(|r| r.problem.is_none()), "{r:?}");
        // After an `#include`, the preprocessor's line markers carry running line numbers of
        // their own: a region's lines are the user's lines, not a marker's.
        let included = "#include <stdio.h>\nvoid g(double *a, int n) {\n  for (int i = 0; i < n; i++)\n    a[i] = 2.0 * a[i];\n}\n";
        let config = FrontendConfig {
            regions: vec![(3, 4)],
            ..FrontendConfig::default()
        };
        let r = regions("f.c", included, None, &config).unwrap();
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!((r[0].scop_line, r[0].problem.clone()), (3, None));
        // Lines that cut a statement are no region of whole statements.
        let config = FrontendConfig {
            regions: vec![(3, 3)],
            ..FrontendConfig::default()
        };
        let r = regions("f.c", src, None, &config).unwrap();
        assert!(r[0].problem.is_some(), "{r:?}");
    }

    #[test]
    fn functions_of_one_return_are_inlined() {
        let src = "#define N 8\nstatic int idx(int i, int j) { return i * N + j; }\nstatic float half(float x) { return x / 2; }\nstatic double g = 2;\nstatic double scaled(double x) { return x * g; }\nstatic int fact(int n) { return n ? n * fact(n - 1) : 1; }\nvoid f(double a[N * N]) {\n  for (int i = 0; i < N; i++)\n    a[idx(i, 1)] = half(i);\n}\nvoid h(double a[N]) {\n  a[0] = scaled(a[1]);\n}\nvoid k(double a[N]) {\n  a[0] = fact(3);\n}\n";
        let config = |name: &str| FrontendConfig {
            function: Some(name.into()),
            ..FrontendConfig::default()
        };
        let f = parse_source("i.c", src, None, &config("f")).unwrap();
        let text = format!("{f:?}");
        // The subscript is affine: `i * 8 + 1`, no call left; `half` divides in float.
        assert!(!text.contains("Pure"), "{text}");
        assert!(
            text.contains("Binary(Mul, Expr { kind: Leaf(Var(VarId(0)))"),
            "{text}"
        );
        assert!(text.contains("F32"), "{text}");
        let e = parse_source("i.c", src, None, &config("h")).unwrap_err();
        assert!(
            e.message.contains("reads its parameters alone") && e.message.contains("`g`"),
            "{e}"
        );
        let e = parse_source("i.c", src, None, &config("k")).unwrap_err();
        assert!(e.message.contains("calls itself"), "{e}");
    }

    #[test]
    fn sizes_of_types_arrays_and_rows_are_constants() {
        let src = "void f(double a[10][20], float b[64]) {\n  for (unsigned long i = 0; i < sizeof(b) / sizeof b[0]; i++)\n    b[i] = sizeof(a[0]) + sizeof(int) + sizeof(double *) + sizeof(short[3]);\n}\n";
        let f = parse_source("s.c", src, None, &FrontendConfig::default());
        // `b` is a parameter: `sizeof b` is a pointer's (C warns of it), not the array's; a
        // region's kernel takes globals as parameters too, so a whole one is refused.
        assert!(f.is_err());
        let src = "void f(double a[10][20], float c[64]) {\n  float b[64];\n  for (unsigned long i = 0; i < sizeof(b) / sizeof b[0]; i++)\n    b[i] = sizeof(a[0]) + sizeof(int) + sizeof(double *) + sizeof(short[3]);\n  for (int i = 0; i < 64; i++)\n    c[i] = b[i];\n}\n";
        let f = parse_source("s.c", src, None, &FrontendConfig::default()).unwrap();
        let text = format!("{f:?}");
        for v in ["Int(256)", "Int(4)", "Int(160)", "Int(8)", "Int(6)"] {
            assert!(text.contains(v), "{v}: {text}");
        }
    }

    #[test]
    fn shifts_of_constants_fold_and_enumerated_flags_are_unsigned() {
        let src = "#define N (1 << 4)\ntypedef enum { no, yes } flag;\nvoid f(double a[N], flag on) {\n  for (int i = 0; i < N; i++)\n    if (on) a[i] = 1.0;\n}\n";
        let f = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap();
        let text = format!("{f:?}");
        assert!(text.contains("Const(16)"), "{text}");
        assert!(!text.contains("Shl"), "{text}");
        assert!(text.contains("U32"), "{text}");
        let src = "typedef enum { down = -1, up = 1 } sign;\nvoid f(double a[4], sign s) {\n  a[0] = s;\n}\n";
        let e = parse_source("e.c", src, None, &FrontendConfig::default()).unwrap_err();
        assert!(e.message.contains("not negative"), "{e}");
    }
}
