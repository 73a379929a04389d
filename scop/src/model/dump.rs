//! The textual dump of a model and of its dependences, in isl notation: what
//! `optimist show scop` and `optimist show deps` print and the snapshot tests compare.

use super::*;
use optimist_presburger::{DimType, UnionMap};
use std::fmt::Write;

impl Scop {
    /// A body expression with access ids (`a3`), iterator names and parameter names.
    pub fn body_to_string(&self, stmt: &ScopStmt, e: &BodyExpr, f: &Function) -> String {
        let mut out = String::new();
        self.body_expr(&mut out, stmt, e, f);
        out
    }

    fn body_expr(&self, out: &mut String, stmt: &ScopStmt, e: &BodyExpr, f: &Function) {
        match &e.kind {
            BodyKind::Int(v) => {
                let _ = write!(out, "{v}");
            }
            BodyKind::Float(x) if e.ty == crate::types::Type::F32 => {
                let _ = write!(out, "{:?}f", *x as f32);
            }
            BodyKind::Float(x) => {
                let _ = write!(out, "{x:?}");
            }
            BodyKind::Leaf(BodyLeaf::Param(v)) => out.push_str(&f.var(*v).name),
            BodyKind::Leaf(BodyLeaf::Iter(k)) => {
                let name = stmt
                    .domain
                    .dim_name(DimType::SET, *k)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| format!("i{k}"));
                out.push_str(&name);
            }
            BodyKind::Leaf(BodyLeaf::Access(a)) => {
                let _ = write!(out, "{a}");
            }
            BodyKind::Unary(op, a) => {
                out.push_str(match op {
                    UnOp::Neg => "-",
                    UnOp::BitNot => "~",
                    UnOp::Not => "!",
                });
                out.push('(');
                self.body_expr(out, stmt, a, f);
                out.push(')');
            }
            BodyKind::Binary(op, a, b) => {
                out.push('(');
                self.body_expr(out, stmt, a, f);
                let _ = write!(out, " {} ", op.symbol());
                self.body_expr(out, stmt, b, f);
                out.push(')');
            }
            BodyKind::Cast(a) => {
                let _ = write!(out, "({})", e.ty);
                self.body_expr(out, stmt, a, f);
            }
            BodyKind::Select(c, a, b) => {
                out.push('(');
                self.body_expr(out, stmt, c, f);
                out.push_str(" ? ");
                self.body_expr(out, stmt, a, f);
                out.push_str(" : ");
                self.body_expr(out, stmt, b, f);
                out.push(')');
            }
            BodyKind::Call(..) | BodyKind::Pure(..) => {
                let (name, args) = e.callee().unwrap_or_default();
                out.push_str(&name);
                out.push('(');
                for (k, a) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.body_expr(out, stmt, a, f);
                }
                out.push(')');
            }
        }
    }

    /// The model in isl notation: parameters and context, arrays, invariant loads, and each
    /// statement with its domain, schedule, body and accesses.
    pub fn dump(&self, f: &Function) -> String {
        let mut out = String::new();
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        let _ = writeln!(out, "scop {}", self.name);
        let _ = writeln!(out, "params: [{}]", names.join(", "));
        let _ = writeln!(out, "context: {}", self.context);
        let _ = writeln!(out, "arrays:");
        for a in &self.arrays {
            let sizes: String = a
                .sizes
                .iter()
                .enumerate()
                .map(|(k, s)| match (s, a.origin) {
                    (Size::Const(n), _) => format!("[{n}]"),
                    // Sizes as the program wrote them; the model keeps them as isl functions.
                    (Size::Param(_), _) if a.delinearized.is_some() => a
                        .delinearized
                        .as_ref()
                        .and_then(|s| s.get(k.checked_sub(1)?))
                        .map_or_else(|| "[?]".into(), |p| format!("[{p}]")),
                    (Size::Param(_), ArrayOrigin::Array(id)) => match &f.array(id).dims[k] {
                        crate::ir::Dim::Expr(e) => {
                            format!("[{}]", f.expr_to_string(e).trim_start_matches("(long)"))
                        }
                        _ => "[?]".into(),
                    },
                    (Size::Param(p), _) => format!("[{p}]"),
                    (Size::Unknown, _) => "[]".into(),
                })
                .collect();
            let mut tags = Vec::new();
            if a.sizes.is_empty() {
                tags.push("scalar");
            }
            if a.live_out {
                tags.push("live-out");
            }
            if a.pointer {
                tags.push("pointer");
            }
            if a.restrict {
                tags.push("restrict");
            }
            if a.delinearized.is_some() {
                tags.push("delinearized");
            }
            let _ =
                writeln!(out, "  {} {}{} {}", a.elem, a.name, sizes, tags.join(" ")).map(|_| ());
        }
        if !self.invariant_loads.is_empty() {
            let _ = writeln!(out, "invariant loads:");
            for l in &self.invariant_loads {
                let _ = writeln!(out, "  {} = {} when {}", l.param, l.relation, l.executed);
            }
        }
        let sched = self.schedule.map().ok();
        for s in &self.stmts {
            let loc = s
                .loc
                .as_ref()
                .map(|l| format!(" at line {}", l.line))
                .unwrap_or_default();
            let _ = writeln!(out, "statement {}{loc}", s.name);
            let _ = writeln!(out, "  domain: {}", s.domain);
            if let Some(m) = sched.as_ref().and_then(|m| {
                s.domain
                    .to_union()
                    .ok()
                    .and_then(|d| m.intersect_domain(&d).ok())
            }) {
                let _ = writeln!(out, "  schedule: {m}");
            }
            let _ = writeln!(
                out,
                "  body: {} = {}",
                s.write,
                self.body_to_string(s, &s.value, f)
            );
            if let Some(g) = &s.guard {
                let _ = writeln!(out, "  guard: {}", self.body_to_string(s, g, f));
            }
            for &a in &s.accesses {
                let acc = self.access(a);
                let _ = write!(out, "  {a} {} {}", acc.kind, acc.relation);
                if let Some(p) = acc.polynomial.as_ref().filter(|_| !acc.exact) {
                    let subs: Vec<String> = p.iter().map(ToString::to_string).collect();
                    let _ = write!(out, "  polynomial [{}]", subs.join("]["));
                }
                if !acc.exact && acc.polynomial.is_none() {
                    out.push_str("  (over-approximated)");
                }
                out.push('\n');
            }
        }
        let exits: Vec<&LoopExit> = self
            .facts
            .loop_exits
            .iter()
            .filter(|l| matches!(l.op, BinOp::Ne | BinOp::Eq))
            .collect();
        let wraps: Vec<&IntExpr> = self.facts.int_exprs.iter().filter(|e| e.may_wrap).collect();
        if !exits.is_empty() || !wraps.is_empty() {
            let _ = writeln!(out, "facts:");
            for l in exits {
                let _ = writeln!(
                    out,
                    "  loop `{}` exits on `{}` (step {}): {}",
                    l.iterator,
                    l.op.symbol(),
                    l.step,
                    l.domain
                );
            }
            for e in wraps {
                let _ = writeln!(out, "  `{}` in {} may wrap: {}", e.text, e.ty, e.value);
            }
        }
        if !self.diagnostics.is_empty() {
            let _ = writeln!(out, "notes:");
            for d in &self.diagnostics {
                let _ = writeln!(out, "  {d}");
            }
        }
        out
    }
}

impl Dependences {
    /// One line per dependence relation between two accesses: `KIND source -> target relation`,
    /// statements named by label or `S<n>`, accesses by id. Value-based first, then memory-based.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for (variant, value_based) in [("value-based", true), ("memory-based", false)] {
            let _ = writeln!(out, "{variant}:");
            for kind in [DepKind::Raw, DepKind::War, DepKind::Waw] {
                let mut lines = Vec::new();
                let _ = self.get(kind, value_based).foreach_map(|m| {
                    let (src, dst) = (m.domain()?.unwrap_map()?, m.range()?.unwrap_map()?);
                    let name = |x: &optimist_presburger::Map| {
                        format!(
                            "{}.{}",
                            x.tuple_name(DimType::In).unwrap_or_default(),
                            x.tuple_name(DimType::Out).unwrap_or_default()
                        )
                    };
                    let plain = UnionMap::from_map(&m)?.factor_domain()?.coalesce()?;
                    lines.push(format!(
                        "{} {} -> {} {plain}",
                        kind.name(),
                        name(&src),
                        name(&dst)
                    ));
                    Ok(())
                });
                lines.sort();
                for l in lines {
                    let _ = writeln!(out, "  {l}");
                }
            }
        }
        out
    }
}
