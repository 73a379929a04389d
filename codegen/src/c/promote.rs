//! Elements kept in locals across a loop (scalar replacement, [`Exec::Registers`]), as C.
//!
//! The C compiler cannot do it itself: the optimized function's arrays may overlap as far as
//! it knows, so a reduction into `x[i]` inside a loop over `j` is stored and loaded again every
//! iteration, and the store-to-load latency joins the reduction's chain (trisolv's and
//! gesummv's inner loops; the run-time check proved the arrays apart, but C cannot be told so
//! through OpenMP's outlining: see `restrict` in the module docs). The decision is `decide`'s,
//! the same as native code's (`native/model/promote.rs`); the C is the same test and the same
//! two loops.

use super::*;
use crate::decide::Registers;

impl Printer<'_> {
    /// A loop whose elements stay in locals ([`Registers`]): when it runs at all, and none of
    /// the moving accesses reaches a kept element in its iterations (checked on the
    /// addresses: the first one and the step between iterations), each element is read into
    /// a local before it, the accesses use the local, and the local is stored back after it;
    /// otherwise the loop runs as written. `None` only for a tree `decide` does not make (a
    /// statement node that is not one).
    pub(super) fn promoted_loop(&self, l: &DLoop, r: &Registers, depth: usize) -> Option<String> {
        let groups = &r.groups;
        let flat = crate::decide::plain(&l.body);
        let ctx_of = |node: usize| -> Option<StmtCtx<'_>> {
            match flat.get(node)? {
                Node::Stmt {
                    stmt,
                    iterators,
                    indices,
                } => Some(StmtCtx {
                    st: Some(self.scop.stmt(*stmt)),
                    iterators,
                    indices,
                }),
                _ => None,
            }
        };
        let mut homes = Vec::with_capacity(groups.len());
        for g in groups {
            let (node, a) = g.home;
            homes.push(self.access_text(&ctx_of(node)?, a));
        }
        let (it, step) = (&self.iters[l.iter], l.step);
        let test = self.aexpr(&l.cond);
        let pad = "  ".repeat(depth);
        let mut out = String::new();
        let _ = writeln!(out, "{pad}{it} = {};", self.aexpr(&l.init));
        let _ = writeln!(out, "{pad}if ({test}) {{");
        let inner = "  ".repeat(depth + 1);
        let mut kept = String::new();
        let checked = r.end.is_some();
        if let Some(end) = &r.end {
            // Whether a moving access reaches a kept element: its address `f` at the first
            // iteration, the step `d` to the next, the element at `p`: some iteration
            // `t < trips` with `f + t d = p`.
            let end = self.aexpr(end);
            let _ = writeln!(
                out,
                "{inner}long optimist_trips = ({end} - {it} + {}L) / {step}L, optimist_hit = 0;",
                step - 1
            );
            for (g, home) in groups.iter().zip(&homes) {
                for &(node, a) in &g.others {
                    let ctx = ctx_of(node)?;
                    let next = shifted(flat.get(node)?, l.iter, step);
                    let Node::Stmt {
                        iterators, indices, ..
                    } = &next
                    else {
                        return None;
                    };
                    let at_next = StmtCtx {
                        st: ctx.st,
                        iterators,
                        indices,
                    };
                    let _ = writeln!(
                        out,
                        "{inner}{{\n{inner}  long optimist_f = (long)(void *)&{}, optimist_d = (long)(void *)&{} - optimist_f, optimist_gap = (long)(void *)&{home} - optimist_f;\n{inner}  optimist_hit |= optimist_d == 0 ? optimist_gap == 0 : (optimist_gap % optimist_d == 0 && optimist_gap / optimist_d >= 0 && optimist_gap / optimist_d < optimist_trips);\n{inner}}}",
                        self.access_text(&ctx, a),
                        self.access_text(&at_next, a),
                    );
                }
            }
            kept = "if (!optimist_hit) ".into();
        }
        let _ = writeln!(out, "{inner}{kept}{{");
        let deeper = "  ".repeat(depth + 2);
        let mut locals = Vec::with_capacity(groups.len());
        for (k, (g, home)) in groups.iter().zip(&homes).enumerate() {
            let elem = self.scop.array(self.scop.access(g.accesses[0]).array).elem;
            let local = format!("optimist_kept{k}");
            let _ = writeln!(out, "{deeper}{elem} {local} = {home};");
            locals.extend(
                g.accesses
                    .iter()
                    .map(|&a| (Local::Access(a), local.clone())),
            );
        }
        let before = self.registers.borrow().len();
        self.registers.borrow_mut().extend(locals);
        let _ = writeln!(out, "{deeper}for (; {test}; {it} += {step}) {{");
        out.push_str(&self.nodes(&l.body, depth + 3));
        let _ = writeln!(out, "{deeper}}}");
        self.registers.borrow_mut().truncate(before);
        for (k, home) in homes.iter().enumerate() {
            let _ = writeln!(out, "{deeper}{home} = optimist_kept{k};");
        }
        if checked {
            let _ = writeln!(out, "{inner}}} else {{");
            let _ = writeln!(out, "{deeper}for (; {test}; {it} += {step}) {{");
            out.push_str(&self.nodes(&l.body, depth + 3));
            let _ = writeln!(out, "{deeper}}}");
        }
        let _ = writeln!(out, "{inner}}}");
        let _ = writeln!(out, "{pad}}}");
        Some(out)
    }
}
