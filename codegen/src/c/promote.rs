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
use crate::decide::{EXTREME_LANES, Extreme, Fork, Probe, ProbeOp, Promoted, Registers, StmtAt};

impl Printer<'_> {
    /// A loop in order whose `reads` are made at the top of each iteration
    /// ([`Exec::Hoisted`]): each into a local of its own (`optimist_h0`), which its statement
    /// reads instead. `None` (the loop as written) when a read's statement is not in the body.
    pub(super) fn hoisted_loop(
        &self,
        l: &DLoop,
        reads: &[(StmtAt, AccessId)],
        depth: usize,
    ) -> Option<String> {
        let (pad, inner) = ("  ".repeat(depth), "  ".repeat(depth + 1));
        let it = &self.iters[l.iter];
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{pad}for ({it} = {}; {}; {it} += {}) {{",
            self.aexpr(&l.init),
            self.aexpr(&l.cond),
            l.step
        );
        let mut locals = Vec::with_capacity(reads.len());
        for (k, &(node, a)) in reads.iter().enumerate() {
            let s = node.of(&l.body)?;
            let ctx = StmtCtx {
                st: Some(self.scop.stmt(s.stmt)),
                iterators: &s.iterators,
                indices: &s.indices,
            };
            let elem = self.scop.array(self.scop.access(a).array).elem;
            let local = format!("optimist_h{k}");
            let _ = writeln!(
                out,
                "{inner}{elem} {local} = {};",
                self.access_text(&ctx, a)
            );
            locals.push((Local::Access(a), local));
        }
        let before = self.registers.borrow().len();
        self.registers.borrow_mut().extend(locals);
        out.push_str(&self.nodes(&l.body, depth + 1));
        self.registers.borrow_mut().truncate(before);
        let _ = writeln!(out, "{pad}}}");
        Some(out)
    }

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

impl Printer<'_> {
    /// A parallel loop's rows of sums ([`Exec::Strips`]' `rows`): `width` iterations at a
    /// time, unrolled and jammed (each statement outside the loops inside, then each loop
    /// inside once, its statements for every copy, each copy's kept elements in locals of its
    /// own), then the last iterations, fewer than `width`, as written. The iterations are
    /// independent (the loop is parallel and owns no scalar), so each keeps its own order and
    /// its bits. `threads`: the jams shared among OpenMP's threads. `None` only for a tree
    /// `decide` does not make.
    pub(super) fn rows(
        &self,
        l: &DLoop,
        end: &AExpr,
        threads: Option<(&[usize], &Option<Fork>)>,
        scalars: &[(ScopArrayId, String)],
        width: i64,
        depth: usize,
    ) -> Option<String> {
        let pad = "  ".repeat(depth);
        let it = &self.iters[l.iter];
        let (init, end) = (self.aexpr(&l.init), self.aexpr(end));
        let mut out = String::new();
        if let Some((private, fork)) = threads {
            let names: Vec<&str> = private.iter().map(|&k| self.iters[k].as_str()).collect();
            let private = match names.is_empty() {
                true => String::new(),
                false => format!(" private({})", names.join(", ")),
            };
            let _ = writeln!(
                out,
                "{pad}#pragma omp parallel for{private}{}",
                self.fork_clause(fork.as_ref())
            );
        }
        let _ = writeln!(
            out,
            "{pad}for ({it} = {init}; {it} < {end} - {}L; {it} += {width}) {{",
            width - 1
        );
        // Each copy's scalars: every iteration writes them before it reads them, and no value
        // enters or leaves the loop (`decide`'s owned scalars).
        let inner = "  ".repeat(depth + 1);
        let mut own = Vec::new();
        for (a, _) in scalars {
            let (name, elem) = (self.array_name(*a), self.scop.array(*a).elem);
            for q in 0..width {
                let _ = writeln!(out, "{inner}{elem} {name}_r{q};");
                own.push((q, Local::Array(*a), format!("{name}_r{q}")));
            }
        }
        let copy_of = |q: i64| -> Vec<(Local, String)> {
            own.iter()
                .filter(|(c, ..)| *c == q)
                .map(|(_, a, n)| (a.clone(), n.clone()))
                .collect()
        };
        for n in &l.body {
            match n {
                DNode::Stmt(s) => {
                    for q in 0..width {
                        let before = self.registers.borrow().len();
                        self.registers.borrow_mut().extend(copy_of(q));
                        let copy = DNode::Stmt(shifted(s, l.iter, q));
                        out.push_str(&self.nodes(std::slice::from_ref(&copy), depth + 1));
                        self.registers.borrow_mut().truncate(before);
                    }
                }
                DNode::For(f) => {
                    out.push_str(&self.rows_loop(f, l.iter, width, &copy_of, depth + 1)?)
                }
                _ => return None,
            }
        }
        let _ = writeln!(out, "{pad}}}");
        // The iterations after the last jam (the loop's counter is OpenMP's own inside it).
        let _ = writeln!(
            out,
            "{pad}for ({it} = optimist_max({init}, {init} + ({end} - {init}) / {width}L * {width}L); {it} < {end}; {it} += 1) {{"
        );
        out.push_str(&self.nodes(&l.body, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        Some(out)
    }

    /// A loop inside rows of sums ([`Self::rows`]): its statements for each of the `width`
    /// copies of the loop over `outer`, and each element it keeps ([`Registers`]) in a local
    /// per copy, read before it and stored after it when it runs at all.
    fn rows_loop(
        &self,
        f: &DLoop,
        outer: usize,
        width: i64,
        own: &dyn Fn(i64) -> Vec<(Local, String)>,
        depth: usize,
    ) -> Option<String> {
        let groups: &[Promoted] = match &f.exec {
            Exec::Registers(r) if r.hit.is_none() => &r.groups,
            Exec::Serial => &[],
            _ => return None,
        };
        let pad = "  ".repeat(depth);
        let inner = "  ".repeat(depth + 1);
        let (iv, test, step) = (&self.iters[f.iter], self.aexpr(&f.cond), f.step);
        let mut homes = Vec::new();
        for q in 0..width {
            for (k, g) in groups.iter().enumerate() {
                let (node, a) = g.home;
                let s = shifted(node.of(&f.body)?, outer, q);
                let ctx = StmtCtx {
                    st: Some(self.scop.stmt(s.stmt)),
                    iterators: &s.iterators,
                    indices: &s.indices,
                };
                let elem = self.scop.array(self.scop.access(g.accesses[0]).array).elem;
                homes.push((
                    format!("optimist_kept{k}_{q}"),
                    self.access_text(&ctx, a.access()),
                    elem,
                ));
            }
        }
        let mut out = String::new();
        let _ = writeln!(out, "{pad}{iv} = {};", self.aexpr(&f.init));
        let _ = writeln!(out, "{pad}if ({test}) {{");
        for (local, home, elem) in &homes {
            let _ = writeln!(out, "{inner}{elem} {local} = {home};");
        }
        let _ = writeln!(out, "{inner}for (; {test}; {iv} += {step}) {{");
        for n in &f.body {
            let DNode::Stmt(s) = n else {
                return None;
            };
            for q in 0..width {
                let before = self.registers.borrow().len();
                self.registers.borrow_mut().extend(own(q));
                self.registers
                    .borrow_mut()
                    .extend(groups.iter().enumerate().flat_map(|(k, g)| {
                        g.accesses
                            .iter()
                            .map(move |&a| (Local::Access(a), format!("optimist_kept{k}_{q}")))
                    }));
                let copy = DNode::Stmt(shifted(s, outer, q));
                out.push_str(&self.nodes(std::slice::from_ref(&copy), depth + 2));
                self.registers.borrow_mut().truncate(before);
            }
        }
        let _ = writeln!(out, "{inner}}}");
        for (local, home, _) in &homes {
            let _ = writeln!(out, "{inner}{home} = {local};");
        }
        let _ = writeln!(out, "{pad}}}");
        Some(out)
    }
}

impl Printer<'_> {
    /// The greatest or least value of a loop's elements in lanes ([`Extreme`]): when the loop
    /// runs at least two blocks of [`EXTREME_LANES`], each lane keeps the best of its elements
    /// (`v > m ? v : m`: a loop of a block's elements the compiler runs in its lanes), the
    /// lanes are compared in order, and a result that is not zero is stored; a zero is found
    /// again in order from the loop's start. The elements after the blocks (or all of them)
    /// run as written. `None` only for a tree `decide` does not make.
    pub(super) fn extreme(&self, l: &DLoop, e: &Extreme, depth: usize) -> Option<String> {
        let (s, extras) = match (l.body.as_slice(), e.indexed) {
            ([DNode::Stmt(s)], false) => (s, None),
            ([DNode::Stmt(_), DNode::Stmt(s), rest @ ..], true) => (s, Some(rest)),
            _ => return None,
        };
        // With the position: the statements after the value's, as assignments, run at the
        // position found.
        let mut set = String::new();
        for n in extras.unwrap_or_default() {
            let DNode::Stmt(k) = n else {
                return None;
            };
            let ks = self.scop.stmt(k.stmt);
            let ctx = StmtCtx {
                st: Some(ks),
                iterators: &k.iterators,
                indices: &k.indices,
            };
            let p2 = "  ".repeat(depth + 2);
            let (to, value) = (self.access(&ctx, ks.write), self.body(&ctx, &ks.value));
            let _ = writeln!(set, "{p2}{to} = {value};");
        }
        let st = self.scop.stmt(s.stmt);
        let ctx = StmtCtx {
            st: Some(st),
            iterators: &s.iterators,
            indices: &s.indices,
        };
        let x = self.access(&ctx, st.write);
        let v = self.body(&ctx, &st.value);
        let ty = self.scop.array(self.scop.access(st.write).array).elem;
        let op = if e.greater { ">" } else { "<" };
        let w = EXTREME_LANES;
        let (it, init, end) = (&self.iters[l.iter], self.aexpr(&l.init), self.aexpr(&e.end));
        let pad = "  ".repeat(depth);
        let (p1, p2, p3) = (
            "  ".repeat(depth + 1),
            "  ".repeat(depth + 2),
            "  ".repeat(depth + 3),
        );
        let m = format!("optimist_m[{it} - optimist_b]");
        let mut out = String::new();
        let _ = writeln!(out, "{pad}{it} = {init};");
        let _ = writeln!(out, "{pad}if ({end} - {it} >= {}L) {{", 2 * w);
        let _ = writeln!(out, "{p1}{ty} optimist_m[{w}], optimist_r;");
        let _ = writeln!(out, "{p1}long optimist_b;");
        let _ = writeln!(
            out,
            "{p1}for (long optimist_l = 0; optimist_l < {w}; optimist_l++) optimist_m[optimist_l] = {x};"
        );
        if extras.is_some() {
            // Each lane's position of its best value; none yet (the greatest `long`).
            let _ = writeln!(out, "{p1}long optimist_k[{w}], optimist_rk;");
            let _ = writeln!(
                out,
                "{p1}for (long optimist_l = 0; optimist_l < {w}; optimist_l++) optimist_k[optimist_l] = (long)(~0UL >> 1);"
            );
        }
        let _ = writeln!(
            out,
            "{p1}for (optimist_b = {it}; optimist_b <= {end} - {w}L; optimist_b += {w}) {{"
        );
        let _ = writeln!(
            out,
            "{p2}for ({it} = optimist_b; {it} < optimist_b + {w}L; {it} += 1) {{"
        );
        let _ = writeln!(out, "{p3}{ty} optimist_v = {v};");
        if extras.is_some() {
            let mk = format!("optimist_k[{it} - optimist_b]");
            let _ = writeln!(out, "{p3}int optimist_c = optimist_v {op} {m};");
            let _ = writeln!(out, "{p3}{m} = optimist_c ? optimist_v : {m};");
            let _ = writeln!(out, "{p3}{mk} = optimist_c ? {it} : {mk};");
        } else {
            let _ = writeln!(out, "{p3}{m} = optimist_v {op} {m} ? optimist_v : {m};");
        }
        let _ = writeln!(out, "{p2}}}");
        let _ = writeln!(out, "{p1}}}");
        let _ = writeln!(out, "{p1}optimist_r = optimist_m[0];");
        if extras.is_some() {
            // By value, then by position: the first position of the best value.
            let _ = writeln!(out, "{p1}optimist_rk = optimist_k[0];");
            let _ = writeln!(
                out,
                "{p1}for (long optimist_l = 1; optimist_l < {w}; optimist_l++) if (optimist_m[optimist_l] {op} optimist_r || (optimist_m[optimist_l] == optimist_r && optimist_k[optimist_l] < optimist_rk)) {{ optimist_r = optimist_m[optimist_l]; optimist_rk = optimist_k[optimist_l]; }}"
            );
            // Where an element beat `x`: its value, and the others at its position.
            let _ = writeln!(out, "{p1}if (optimist_rk != (long)(~0UL >> 1)) {{");
            let _ = writeln!(out, "{p2}{x} = optimist_r;");
            let _ = writeln!(out, "{p2}{it} = optimist_rk;");
            out.push_str(&set);
            let _ = writeln!(out, "{p1}}}");
            let _ = writeln!(out, "{p1}{it} = optimist_b;");
        } else {
            let _ = writeln!(
                out,
                "{p1}for (long optimist_l = 1; optimist_l < {w}; optimist_l++) if (optimist_m[optimist_l] {op} optimist_r) optimist_r = optimist_m[optimist_l];"
            );
            // A zero may have the other sign than the program's first one: found again in
            // order.
            let _ = writeln!(out, "{p1}if (optimist_r == 0) {{");
            let _ = writeln!(out, "{p2}{it} = {init};");
            let _ = writeln!(out, "{p1}}} else {{");
            let _ = writeln!(out, "{p2}{x} = optimist_r;");
            let _ = writeln!(out, "{p2}{it} = optimist_b;");
            let _ = writeln!(out, "{p1}}}");
        }
        let _ = writeln!(out, "{pad}}}");
        let _ = writeln!(out, "{pad}for (; {it} < {end}; {it} += 1) {{");
        out.push_str(&self.nodes(&l.body, depth + 1));
        let _ = writeln!(out, "{pad}}}");
        Some(out)
    }
}
