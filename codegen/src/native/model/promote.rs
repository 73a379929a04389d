//! Elements kept in registers across a loop (scalar replacement).

use super::*;
use crate::decide::{Probe, ProbeOp, Registers, StmtAt};

impl ModelLowering<'_, '_> {
    /// A loop whose elements were decided to stay in registers ([`Registers`]): when it runs
    /// at all, and none of the moving accesses reaches a kept element in its iterations
    /// (checked on the addresses: the first one and the step between iterations), each
    /// element is loaded into a variable before it, the accesses use the variable, and the
    /// variable is stored back after it; otherwise the loop runs as written.
    pub(super) fn promoted_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        step: i64,
        body: &[DNode],
        r: &Registers,
    ) -> Result<(), CodegenError> {
        let groups = &r.groups;
        let v = self.iters[iter];
        let x = self.aexpr(init)?;
        self.l.b.def_var(v, x);
        let runs = self.aexpr(cond)?;
        native::lower_if(
            self,
            runs,
            |m| {
                let scop = m.scop;
                let mut homes = Vec::with_capacity(groups.len());
                for group in groups {
                    let (node, a) = group.home;
                    let inst = instance_at(scop, body, node)?;
                    homes.push(m.element(&inst, a)?);
                }
                // Whether a moving access reaches a kept element (`decide`'s test).
                let hit = match &r.hit {
                    Some(p) => {
                        let first = m.l.b.use_var(v);
                        let h = m.probe(p, body, iter, first)?;
                        m.l.b.ins().icmp_imm_s(IntCC::NotEqual, h, 0)
                    }
                    None => m.l.b.ins().iconst(types::I8, 0),
                };
                let plain = |m: &mut Self| {
                    native::lower_loop(
                        m,
                        v,
                        |m| m.aexpr(cond),
                        |m| m.nodes(body),
                        |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                    )
                };
                native::lower_if(m, hit, plain, |m| {
                    let mut vars = Vec::with_capacity(groups.len());
                    for (group, &addr) in groups.iter().zip(&homes) {
                        let elem = m.scop.array(m.scop.access(group.accesses[0]).array).elem;
                        let value = m.l.b.ins().load(
                            clif(elem),
                            MemFlagsData::new().with_notrap(),
                            addr,
                            0,
                        );
                        let var = m.l.b.declare_var(clif(elem));
                        m.l.b.def_var(var, value);
                        for &x in &group.accesses {
                            m.promoted.insert(x, var);
                        }
                        vars.push(var);
                    }
                    if step == 1 && pairs(iter, init, cond, body) {
                        // Two iterations per trip while the second one runs (the condition
                        // bounds the iterator from above), then the one left, if any: half
                        // the loop's counting and branching around a chain of dependent adds
                        // (cholesky's `A[i][j] -= A[i][k] * A[j][k]`), so that the core
                        // overlaps more of the next chain with it.
                        native::lower_loop(
                            m,
                            v,
                            |m| {
                                let k = m.l.b.use_var(v);
                                let next = m.l.b.ins().iadd_imm_s(k, 1);
                                m.l.b.def_var(v, next);
                                let c = m.aexpr(cond);
                                m.l.b.def_var(v, k);
                                c
                            },
                            |m| {
                                m.nodes(body)?;
                                let k = m.l.b.use_var(v);
                                let next = m.l.b.ins().iadd_imm_s(k, 1);
                                m.l.b.def_var(v, next);
                                m.nodes(body)
                            },
                            |m, cur| m.l.b.ins().iadd_imm_s(cur, 1),
                        )?;
                        let last = m.aexpr(cond)?;
                        native::lower_if(m, last, |m| m.nodes(body), |_| Ok(()))?;
                    } else {
                        native::lower_loop(
                            m,
                            v,
                            |m| m.aexpr(cond),
                            |m| m.nodes(body),
                            |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                        )?;
                    }
                    for (&addr, var) in homes.iter().zip(vars) {
                        let value = m.l.b.use_var(var);
                        m.l.b
                            .ins()
                            .store(MemFlagsData::new().with_notrap(), value, addr, 0);
                    }
                    for group in groups {
                        for x in &group.accesses {
                            m.promoted.remove(x);
                        }
                    }
                    Ok(())
                })
            },
            |_| Ok(()),
        )
    }
}

/// Whether a loop over `iter` with its elements in registers runs two iterations per trip: a
/// tile's chain (a long one is bound by its own latency, and no next chain comes soon), its
/// body one or two statements whose every access is to one element or to consecutive ones
/// along the loop (a strided read waits on memory rather than on the chain), its condition
/// `iter <= e` or `iter < e` (`e` free of it), so that an iteration whose successor runs runs
/// too.
fn pairs(iter: usize, init: &AExpr, cond: &AExpr, body: &[DNode]) -> bool {
    let bounded = matches!(cond, AExpr::Op(AstOp::Le | AstOp::Lt, a)
        if matches!(a.as_slice(), [AExpr::Iter(i), e] if *i == iter && !crate::ast::mentions(e, iter)));
    // A tile's chain (at most 64 iterations): a long one is bound by its own latency.
    let short = crate::ast::exclusive_bound(iter, cond)
        .and_then(|end| crate::decide::most_trips(init, &end))
        .is_some_and(|t| t <= 64);
    let near = |s: &StmtNode| {
        s.indices.iter().all(|(_, idx)| {
            let c: Option<Vec<i64>> = idx
                .iter()
                .map(|e| crate::decide::coefficient(e, iter))
                .collect();
            matches!(c.as_deref().and_then(|c| c.split_last()),
                Some((0 | 1, outer)) if outer.iter().all(|&x| x == 0))
        })
    };
    bounded
        && short
        && body.len() <= 2
        && body.iter().all(|n| matches!(n, DNode::Stmt(s) if near(s)))
}

impl ModelLowering<'_, '_> {
    /// A run-time test `decide` wrote ([`Probe`]) as an `i64`, where the loop over `iter`
    /// (whose body is `body`) starts, its iterator at `first`.
    fn probe(
        &mut self,
        p: &Probe,
        body: &[DNode],
        iter: usize,
        first: Value,
    ) -> Result<Value, CodegenError> {
        Ok(match p {
            Probe::Int(v) => self.l.b.ins().iconst(types::I64, *v),
            Probe::Ast(e) => self.aexpr(e)?,
            Probe::Addr { node, access, plus } => {
                let inst = instance_at(self.scop, body, *node)?;
                let v = self.iters[iter];
                let at = self.l.b.ins().iadd_imm_s(first, *plus);
                self.l.b.def_var(v, at);
                let addr = self.element(&inst, *access)?;
                self.l.b.def_var(v, first);
                addr
            }
            Probe::Select(args) => {
                let [c, x, y] = &**args;
                let c = self.probe(c, body, iter, first)?;
                let x = self.probe(x, body, iter, first)?;
                let y = self.probe(y, body, iter, first)?;
                self.l.b.ins().select(c, x, y)
            }
            Probe::Op(op, args) => {
                let [x, y] = &**args;
                let x = self.probe(x, body, iter, first)?;
                let y = self.probe(y, body, iter, first)?;
                let b = &mut self.l.b;
                let truth = |b: &mut cranelift_frontend::FunctionBuilder<'_>, cc, x, y| {
                    let c = b.ins().icmp(cc, x, y);
                    b.ins().uextend(types::I64, c)
                };
                match op {
                    ProbeOp::Add => b.ins().iadd(x, y),
                    ProbeOp::Sub => b.ins().isub(x, y),
                    ProbeOp::Quot => b.ins().sdiv(x, y),
                    ProbeOp::Rem => b.ins().srem(x, y),
                    ProbeOp::Eq => truth(b, IntCC::Equal, x, y),
                    ProbeOp::Ge => truth(b, IntCC::SignedGreaterThanOrEqual, x, y),
                    ProbeOp::Lt => truth(b, IntCC::SignedLessThan, x, y),
                    ProbeOp::And => b.ins().band(x, y),
                    ProbeOp::Or => b.ins().bor(x, y),
                }
            }
        })
    }
}

impl ModelLowering<'_, '_> {
    /// A loop whose iterations pass `values` to the next ([`Exec::Carried`]): when it runs at
    /// all, each value's first read is loaded before it; in the loop, the reads use the value
    /// the previous iteration stored (kept in a variable as well as stored), and the variable
    /// takes this iteration's value at its end.
    pub(super) fn carried_loop(
        &mut self,
        iter: usize,
        init: &AExpr,
        cond: &AExpr,
        step: i64,
        body: &[DNode],
        values: &[crate::decide::Carried],
    ) -> Result<(), CodegenError> {
        let v = self.iters[iter];
        let x = self.aexpr(init)?;
        self.l.b.def_var(v, x);
        let runs = self.aexpr(cond)?;
        native::lower_if(
            self,
            runs,
            |m| {
                let scop = m.scop;
                let mut vars = Vec::with_capacity(values.len());
                for c in values {
                    let inst = instance_at(scop, body, c.first.0)?;
                    let addr = m.element(&inst, c.first.1)?;
                    let elem = clif(scop.array(scop.access(c.first.1.access()).array).elem);
                    let value =
                        m.l.b
                            .ins()
                            .load(elem, MemFlagsData::new().with_notrap(), addr, 0);
                    let (before, now) = (m.l.b.declare_var(elem), m.l.b.declare_var(elem));
                    m.l.b.def_var(before, value);
                    m.l.b.def_var(now, value);
                    for &r in &c.reads {
                        m.promoted.insert(r, before);
                    }
                    m.stored.insert(c.write.1, now);
                    vars.push((before, now));
                }
                native::lower_loop(
                    m,
                    v,
                    |m| m.aexpr(cond),
                    |m| {
                        m.nodes(body)?;
                        for &(before, now) in &vars {
                            let x = m.l.b.use_var(now);
                            m.l.b.def_var(before, x);
                        }
                        Ok(())
                    },
                    |m, cur| m.l.b.ins().iadd_imm_s(cur, step),
                )?;
                for c in values {
                    for r in &c.reads {
                        m.promoted.remove(r);
                    }
                    m.stored.remove(&c.write.1);
                }
                Ok(())
            },
            |_| Ok(()),
        )
    }
}

/// The statement occurrence at `node` of a loop body.
pub(super) fn instance_at<'x>(
    scop: &'x Scop,
    body: &'x [DNode],
    node: StmtAt,
) -> Result<Instance<'x>, CodegenError> {
    match node.of(body) {
        Some(s) => Ok(Instance::of(scop, s)),
        None => Err(CodegenError::Unexpected(
            "a kept element's access outside the loop's statements".into(),
        )),
    }
}
