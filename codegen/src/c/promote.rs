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
use crate::decide::{Probe, ProbeOp, Registers, StmtAt};

impl Printer<'_> {
    /// A loop whose elements stay in locals ([`Registers`]): when it runs at all, and none of
    /// the moving accesses reaches a kept element in its iterations (checked on the
    /// addresses: the first one and the step between iterations), each element is read into
    /// a local before it, the accesses use the local, and the local is stored back after it;
    /// otherwise the loop runs as written. `None` only for a tree `decide` does not make (a
    /// statement node that is not one).
    pub(super) fn promoted_loop(&self, l: &DLoop, r: &Registers, depth: usize) -> Option<String> {
        let groups = &r.groups;
        let ctx_of = |node: StmtAt| -> Option<StmtCtx<'_>> {
            let s = node.of(&l.body)?;
            Some(StmtCtx {
                st: Some(self.scop.stmt(s.stmt)),
                iterators: &s.iterators,
                indices: &s.indices,
            })
        };
        let mut homes = Vec::with_capacity(groups.len());
        for g in groups {
            let (node, a) = g.home;
            homes.push(self.access_text(&ctx_of(node)?, a.access()));
        }
        let (it, step) = (&self.iters[l.iter], l.step);
        let test = self.aexpr(&l.cond);
        let pad = "  ".repeat(depth);
        let mut out = String::new();
        let _ = writeln!(out, "{pad}{it} = {};", self.aexpr(&l.init));
        let _ = writeln!(out, "{pad}if ({test}) {{");
        let inner = "  ".repeat(depth + 1);
        let mut kept = String::new();
        let checked = r.hit.is_some();
        if let Some(hit) = &r.hit {
            // Each address the test reads, once, named.
            let mut addrs = Vec::new();
            let test = self.probe(hit, l, &mut addrs)?;
            for (address, name) in &addrs {
                let _ = writeln!(out, "{inner}const long {name} = {address};");
            }
            kept = format!("if (!{test}) ");
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

impl Printer<'_> {
    /// A run-time test `decide` wrote ([`Probe`]) as a C expression of type `long`, evaluated
    /// where loop `l` starts; each address it reads is a
    /// name of `addrs` (`(address, name)`, added the first time), for the caller to declare.
    /// `None` only for a tree `decide` does not make (a statement node that is not one).
    fn probe(&self, p: &Probe, l: &DLoop, addrs: &mut Vec<(String, String)>) -> Option<String> {
        Some(match p {
            Probe::Int(v) => format!("{v}L"),
            Probe::Ast(e) => self.aexpr(e),
            Probe::Addr { node, access, plus } => {
                let at = shifted(node.of(&l.body)?, l.iter, *plus);
                let ctx = StmtCtx {
                    st: Some(self.scop.stmt(at.stmt)),
                    iterators: &at.iterators,
                    indices: &at.indices,
                };
                let address = format!("(long)(void *)&{}", self.access_text(&ctx, access.access()));
                match addrs.iter().find(|(a, _)| *a == address) {
                    Some((_, name)) => name.clone(),
                    None => {
                        let name = format!("optimist_a{}", addrs.len());
                        addrs.push((address, name.clone()));
                        name
                    }
                }
            }
            Probe::Select(args) => {
                let [c, x, y] = &**args;
                let (c, x, y) = (
                    self.probe(c, l, addrs)?,
                    self.probe(x, l, addrs)?,
                    self.probe(y, l, addrs)?,
                );
                format!("({c} ? {x} : {y})")
            }
            Probe::Op(op, args) => {
                let [x, y] = &**args;
                let (x, y) = (self.probe(x, l, addrs)?, self.probe(y, l, addrs)?);
                let infix = match op {
                    ProbeOp::Add => "+",
                    ProbeOp::Sub => "-",
                    ProbeOp::Quot => "/",
                    ProbeOp::Rem => "%",
                    ProbeOp::Eq => "==",
                    ProbeOp::Ge => ">=",
                    ProbeOp::Lt => "<",
                    ProbeOp::And => "&&",
                    ProbeOp::Or => "||",
                };
                format!("({x} {infix} {y})")
            }
        })
    }
}
