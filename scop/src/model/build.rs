//! Building the model from the program IR (see the module documentation of `model`).
//!
//! One walk over the IR keeps the current iteration domain (a set over the loop iterators
//! around the current point, with the program's iterator names) and the data-dependent guards.
//! Affine expressions become isl `PwAff`s through isl's own operations (C's truncating `/` and `%`
//! are `tdiv_q`/`tdiv_r`); leaves are parsed with only the names they use, and isl aligns
//! parameters when it combines them. The schedule tree is built bottom-up: a statement is a
//! domain, a loop inserts a band over the statements of its body, siblings form a sequence.

use super::*;
use crate::id::IdVec;
use crate::ir::{
    Array, ArrayKind, Dim, Expr, ExprKind, For, IrLeaf, LValue, Stmt, StmtKind, VarKind,
};
use optimist_presburger::{Aff, DimType, Error as IslError, MultiUnionPwAff, Space, Val};
use std::collections::{HashMap, HashSet};

/// Why an expression is not affine (the caller decides what that means for the model).
struct NonAffine;

type R<T> = Result<T, BuildError>;

fn isl(loc: Option<SrcLoc>) -> impl Fn(IslError) -> BuildError {
    move |e| {
        match e {
        IslError::Budget => BuildError {
            message: "the model is too complex for the isl operation budget (raise Config::max_operations)".into(),
            loc: loc.clone(),
        },
        e => BuildError { message: format!("isl: {e}"), loc: loc.clone() },
    }
    }
}

pub(super) fn build(f: &Function, config: &Config) -> Result<Scop, BuildError> {
    let ctx = Ctx::new();
    let result = ctx.with_budget(config.max_operations, || {
        Ok(Builder::new(f, &ctx).and_then(|b| b.run()))
    });
    match result {
        Ok(r) => r,
        Err(e) => Err(isl(None)(e)),
    }
}

/// One loop around the current point.
struct LoopCtx {
    var: VarId,
    /// The isl name of its dimension (the program's name, made unique).
    dim: String,
    step: i64,
}

/// What a statement list contributes to the schedule: the schedule and its statements.
struct Part {
    schedule: Schedule,
    stmts: Vec<StmtId>,
}

struct Builder<'f> {
    f: &'f Function,
    ctx: Ctx,
    params: Vec<ScopParam>,
    arrays: IdVec<ScopArrayId, ScopArray>,
    of_array: HashMap<ArrayId, ScopArrayId>,
    of_scalar: HashMap<VarId, ScopArrayId>,
    iterators: HashSet<VarId>,
    read_only_params: HashSet<VarId>,
    stmts: IdVec<StmtId, ScopStmt>,
    accesses: IdVec<AccessId, Access>,
    loads: Vec<InvariantLoad>,
    facts: Facts,
    diagnostics: Vec<String>,
    /// The loops around the current point.
    loops: Vec<LoopCtx>,
    /// The current domain: a set over the loops' dimensions.
    domain: Set,
    /// Data-dependent conditions around the current point (`(condition, taken branch)`).
    guards: Vec<(Expr, bool)>,
    /// The labels of the constructs around the current point.
    tags: Vec<Tag>,
    loc: Option<SrcLoc>,
}

impl<'f> Builder<'f> {
    fn new(f: &'f Function, ctx: &Ctx) -> R<Builder<'f>> {
        let mut iterators = HashSet::new();
        let mut assigned = HashSet::new();
        let mut assigned_at: HashMap<VarId, Option<SrcLoc>> = HashMap::new();

        let mut work: Vec<&[Stmt]> = vec![&f.body];
        while let Some(list) = work.pop() {
            for s in list {
                match &s.kind {
                    StmtKind::For(l) => {
                        iterators.insert(l.var);
                        work.push(&l.body);
                    }
                    StmtKind::If(_, t, e) => {
                        work.push(t);
                        work.push(e);
                    }
                    StmtKind::Block(b) => work.push(b),
                    StmtKind::Assign(LValue::Var(v), _) => {
                        assigned.insert(*v);
                        assigned_at.entry(*v).or_insert_with(|| s.loc.clone());
                    }
                    StmtKind::Assign(LValue::Elem(..), _) => {}
                }
            }
        }
        if let Some(v) = iterators.iter().find(|v| assigned.contains(v)) {
            return Err(BuildError {
                message: format!(
                    "loop counter `{}` is also assigned outside its loop header",
                    f.var(*v).name
                ),
                loc: assigned_at.get(v).cloned().flatten(),
            });
        }
        let read_only_params: HashSet<VarId> = f
            .scalar_params()
            .filter(|v| !assigned.contains(v))
            .collect();
        let domain =
            Set::universe(&Space::set(ctx, 0, 0).map_err(isl(None))?).map_err(isl(None))?;
        let mut b = Builder {
            f,
            ctx: ctx.clone(),
            params: Vec::new(),
            arrays: IdVec::new(),
            of_array: HashMap::new(),
            of_scalar: HashMap::new(),
            iterators,
            read_only_params,
            stmts: IdVec::new(),
            accesses: IdVec::new(),
            loads: Vec::new(),
            facts: Facts::default(),
            diagnostics: Vec::new(),
            loops: Vec::new(),
            domain,
            guards: Vec::new(),
            tags: Vec::new(),
            loc: None,
        };
        for (i, a) in f.arrays.iter().enumerate() {
            let id = ArrayId(i as u32);
            let sa = b.model_array(a, id)?;
            b.arrays.push(sa);
            let sid = ScopArrayId((b.arrays.len() - 1) as u32);
            b.of_array.insert(id, sid);
            if a.is_param() {
                b.facts.base_pointers.push(sid);
            }
        }
        for (i, v) in f.vars.iter().enumerate() {
            let id = VarId(i as u32);
            let in_memory =
                !b.iterators.contains(&id) && (v.kind == VarKind::Local || assigned.contains(&id));
            if in_memory {
                let name = b.unique_name(&v.name);
                b.arrays.push(ScopArray {
                    name,
                    elem: v.ty,
                    sizes: vec![],
                    live_out: false,
                    pointer: false,
                    restrict: false,
                    origin: ArrayOrigin::Scalar(id),
                    delinearized: None,
                });
                b.of_scalar
                    .insert(id, ScopArrayId((b.arrays.len() - 1) as u32));
            }
        }
        Ok(b)
    }

    /// A name for the model not used by any variable, array or parameter yet.
    fn unique_name(&self, base: &str) -> String {
        let taken = |n: &str| {
            self.arrays.iter().any(|a| a.name == n)
                || self.params.iter().any(|p| p.name == n)
                || self.f.arrays.iter().any(|a| a.name == n && a.name != base)
        };
        fresh(base, taken)
    }

    fn model_array(&mut self, a: &Array, _id: ArrayId) -> R<ScopArray> {
        let mut sizes = Vec::new();
        for d in &a.dims {
            sizes.push(match d {
                Dim::Const(n) => Size::Const(*n),
                Dim::Unknown => Size::Unknown,
                Dim::Expr(e) => match self.param_aff(e) {
                    Ok(p) => Size::Param(p),
                    Err(NonAffine) => Size::Unknown,
                },
            });
        }
        let (pointer, restrict) = match a.kind {
            ArrayKind::Pointer { restrict } => (true, restrict),
            // `T a[]` is `T *a` (C adjusts the one to the other): a flat pointer too.
            ArrayKind::Param { restrict } => (
                matches!(a.dims.as_slice(), [crate::ir::Dim::Unknown]),
                restrict,
            ),
            ArrayKind::Local => (false, false),
        };
        Ok(ScopArray {
            name: a.name.clone(),
            elem: a.elem,
            sizes,
            // The return slot's content is the function's value.
            live_out: a.is_param() || self.f.ret == Some(_id),
            pointer,
            restrict,
            origin: ArrayOrigin::Array(_id),
            delinearized: None,
        })
    }

    fn run(mut self) -> R<Scop> {
        let body = &self.f.body;
        let part = self.list(body)?;
        let schedule = match part {
            Some(p) => p.schedule,
            None => Schedule::from_domain(&UnionSet::empty(&self.ctx).map_err(isl(None))?)
                .map_err(isl(None))?,
        };
        let context = self.context()?;
        let mut scop = Scop {
            ctx: self.ctx.clone(),
            name: self.f.name.clone(),
            params: self.params,
            context,
            arrays: self.arrays,
            stmts: self.stmts,
            accesses: self.accesses,
            schedule,
            invariant_loads: self.loads,
            facts: self.facts,
            diagnostics: self.diagnostics,
            assumptions: Vec::new(),
        };
        // A statement that runs for no parameter value (under `if (0 > 0)`, in a loop that
        // never iterates) is not part of the model: every later stage would otherwise meet
        // relations with nothing in them, which isl cannot turn into maps.
        let never: crate::id::IdVec<StmtId, bool> = scop
            .stmts
            .iter()
            .map(|st| st.domain.is_empty())
            .collect::<Result<_, _>>()
            .map_err(isl(None))?;
        for (st, _) in scop.stmts.iter().zip(&never).filter(|(_, n)| **n) {
            scop.diagnostics.push(format!(
                "{}{} never runs: left out of the model",
                st.name,
                st.loc
                    .as_ref()
                    .map(|l| format!(" at {l}"))
                    .unwrap_or_default()
            ));
        }
        if never.iter().any(|&n| n) {
            scop.remove_statements(&|id, _| never[id])
                .map_err(isl(None))?;
        }
        if cfg!(debug_assertions) {
            scop.verify().map_err(|m| BuildError {
                message: format!("internal error: the model is invalid: {m}"),
                loc: None,
            })?;
        }
        Ok(scop)
    }

    /// The value ranges of the parameters' C types.
    fn context(&self) -> R<Set> {
        let names: Vec<&str> = self.params.iter().map(|p| p.name.as_str()).collect();
        let ranges: Vec<String> = self
            .params
            .iter()
            .map(|p| format!("{} <= {} <= {}", p.ty.min_int(), p.name, p.ty.max_int()))
            .collect();
        let text = format!(
            "[{}] -> {{ : {} }}",
            names.join(", "),
            if ranges.is_empty() {
                "true".into()
            } else {
                ranges.join(" and ")
            }
        );
        Set::parse(&self.ctx, &text).map_err(isl(None))
    }

    fn err<T>(&self, message: impl Into<String>) -> R<T> {
        Err(BuildError {
            message: message.into(),
            loc: self.loc.clone(),
        })
    }

    // ------------------------------------------------------------------ statements

    fn list(&mut self, stmts: &[Stmt]) -> R<Option<Part>> {
        let mut acc: Option<Part> = None;
        for s in stmts {
            if let Some(p) = self.stmt(s)? {
                acc = Some(match acc {
                    None => p,
                    Some(mut a) => {
                        a.schedule = a
                            .schedule
                            .sequence(&p.schedule)
                            .map_err(isl(self.loc.clone()))?;
                        a.stmts.extend(p.stmts);
                        a
                    }
                });
            }
        }
        Ok(acc)
    }

    fn stmt(&mut self, s: &Stmt) -> R<Option<Part>> {
        if s.loc.is_some() {
            self.loc.clone_from(&s.loc);
        }
        if let Some(label) = &s.label {
            self.tags.push(Tag {
                name: label.clone(),
                level: self.loops.len(),
            });
        }
        let part = match &s.kind {
            StmtKind::Block(b) => self.list(b),
            StmtKind::For(l) => self.for_loop(l, s),
            StmtKind::If(c, t, e) => self.branch(c, t, e),
            StmtKind::Assign(lv, v) => self.assign(lv, v, s).map(Some),
        };
        if s.label.is_some() {
            self.tags.pop();
        }
        part
    }

    fn for_loop(&mut self, l: &For, s: &Stmt) -> R<Option<Part>> {
        let loc = s.loc.clone();
        let e = isl(loc.clone());
        let name = self.f.var(l.var).name.clone();
        if mentions(&l.init, l.var) {
            return self.err(format!("the start of loop `{name}` reads `{name}` itself"));
        }
        // The new dimension, with the program's name. The bound is computed with the loop
        // pushed: C evaluates it before every iteration, with the current iterator.
        let dim = self.unique_dim(&name);
        let pos = self.loops.len();
        let outer = self.domain.clone();
        let inner = outer
            .add_dims(DimType::SET, 1)
            .map_err(&e)?
            .with_dim_name(DimType::SET, pos, &dim)
            .map_err(&e)?;
        self.loops.push(LoopCtx {
            var: l.var,
            dim: dim.clone(),
            step: l.step,
        });
        self.domain = inner.clone();
        let affs = (self.aff(&l.init), self.aff(&l.cond.bound));
        let (init, bound) = match affs {
            (Ok(i), Ok(b)) => (i, b),
            (Err(_), _) => {
                self.loops.pop();
                self.domain = outer;
                return self.err(format!("the start of loop `{name}` is not affine"));
            }
            (_, Err(_)) => {
                self.loops.pop();
                self.domain = outer;
                return self.err(format!("the bound of loop `{name}` is not affine"));
            }
        };
        let space = inner.space().map_err(&e)?;
        let i = self.var_aff(&space, pos).map_err(&e)?;
        let mut dom = inner.clone();
        // Start and stride.
        dom = dom
            .intersect(
                &if l.step > 0 {
                    i.ge_set(&init)
                } else {
                    i.le_set(&init)
                }
                .map_err(&e)?,
            )
            .map_err(&e)?;
        if l.step.unsigned_abs() > 1 {
            let step = Val::from_i64(&self.ctx, l.step.abs()).map_err(&e)?;
            let offset = i.sub(&init).map_err(&e)?.modulo(&step).map_err(&e)?;
            let zero = PwAff::constant_on(&inner, &Val::from_i64(&self.ctx, 0).map_err(&e)?)
                .map_err(&e)?;
            dom = dom
                .intersect(&offset.eq_set(&zero).map_err(&e)?)
                .map_err(&e)?;
        }
        // The exit test; `!=` is taken as `<` or `>` in the direction of the step (BL).
        let cond = match (l.cond.op, l.step > 0) {
            (BinOp::Lt, _) | (BinOp::Ne, true) => i.lt_set(&bound),
            (BinOp::Le, _) => i.le_set(&bound),
            (BinOp::Gt, _) | (BinOp::Ne, false) => i.gt_set(&bound),
            (BinOp::Ge, _) => i.ge_set(&bound),
            (BinOp::Eq, _) => i.eq_set(&bound),
            _ => return self.err("unexpected loop comparison"),
        }
        .map_err(&e)?;
        dom = dom.intersect(&cond).map_err(&e)?.coalesce().map_err(&e)?;
        // EE on the instances that evaluate them (Figure 10: the textual expression and
        // domain): the start once per instance of the loops around, the bound at every test;
        // the tests are the iterations and the first one (the failing last test is left out:
        // reading chosen, exact when the bound does not depend on the iterator).
        let first = inner.intersect(&i.eq_set(&init).map_err(&e)?).map_err(&e)?;
        let tests = dom.union(&first).map_err(&e)?;
        if mentions(&l.cond.bound, l.var) {
            self.record_int(&l.cond.bound, &tests);
        } else {
            self.record_int(&l.cond.bound, &inner);
        }
        self.record_int(&l.init, &inner);
        self.domain = dom.clone();
        self.facts.loop_exits.push(LoopExit {
            iterator: dim.clone(),
            op: l.cond.op,
            ty: self.f.var(l.var).ty,
            step: l.step,
            domain: dom.clone(),
            init: init.clone(),
            bound: bound.clone(),
            loc: loc.clone(),
        });
        if !dom.is_bounded().map_err(&e)? {
            self.diagnostics.push(format!(
                "loop `{dim}` at {}: its domain is not bounded",
                loc.as_ref().map(ToString::to_string).unwrap_or_default()
            ));
        }
        let body = self.list(&l.body);
        self.domain = outer;
        let lp = self.loops.pop();
        let Some(mut part) = body? else {
            return Ok(None);
        };
        let lp = lp.ok_or_else(|| BuildError {
            message: "loop stack".into(),
            loc: loc.clone(),
        })?;
        // A band over every statement of the body: the iterator (negated for a negative step).
        let pieces: Vec<String> = part
            .stmts
            .iter()
            .map(|&sid| {
                let st = &self.stmts[sid];
                let dims = self.stmt_dims(st);
                let sign = if lp.step < 0 { "-" } else { "" };
                format!(
                    "{}[{}] -> [({sign}{})]",
                    st.name,
                    dims.join(", "),
                    dims[pos]
                )
            })
            .collect();
        let mupa = MultiUnionPwAff::parse(&self.ctx, &format!("[{{ {} }}]", pieces.join("; ")))
            .map_err(&e)?;
        part.schedule = part.schedule.insert_partial_schedule(&mupa).map_err(&e)?;
        Ok(Some(part))
    }

    /// The isl dimension names of a statement.
    fn stmt_dims(&self, st: &ScopStmt) -> Vec<String> {
        (0..st.iterators.len())
            .map(|k| {
                st.domain
                    .dim_name(DimType::SET, k)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| format!("i{k}"))
            })
            .collect()
    }

    fn unique_dim(&self, name: &str) -> String {
        let used = |n: &str| {
            self.loops.iter().any(|l| l.dim == n) || self.params.iter().any(|p| p.name == n)
        };
        fresh(name, used)
    }

    fn branch(&mut self, c: &Expr, then: &[Stmt], els: &[Stmt]) -> R<Option<Part>> {
        let e = isl(self.loc.clone());
        let saved = self.domain.clone();
        let parts = match self.condition(c) {
            Ok(set) => {
                self.record_condition(c);
                let set = set.intersect(&saved).map_err(&e)?;
                let not = saved.subtract(&set).map_err(&e)?;
                self.domain = set.coalesce().map_err(&e)?;
                let t = self.list(then)?;
                self.domain = not.coalesce().map_err(&e)?;
                let f = self.list(els)?;
                (t, f)
            }
            Err(NonAffine) => {
                // The model evaluates a guard at every instance under it; C evaluates the
                // condition once. They agree unless a statement under it writes what it reads
                // and more than one instance runs under one evaluation (found by the random
                // programs: `if (A[2] * A[2] > 0.5) for (..) A[2 * i] = ...`).
                // The front end evaluates such a condition into a variable of its own first
                // (`guard_changes`); a function built otherwise is refused.
                if guard_changes(c, then, els) {
                    return Err(BuildError {
                        message: format!(
                            "condition `{}` depends on data the statements under it write: C evaluates it once, and its value may change while they run",
                            self.f.expr_to_string(c)
                        ),
                        loc: self.loc.clone(),
                    });
                }
                self.diagnostics.push(format!(
                    "condition `{}` at {} is data-dependent: the statements under it have a guard and may-writes",
                    self.f.expr_to_string(c),
                    self.loc.as_ref().map(ToString::to_string).unwrap_or_default()
                ));
                self.guards.push((c.clone(), true));
                let t = self.list(then);
                self.guards.pop();
                self.guards.push((c.clone(), false));
                let f = self.list(els);
                self.guards.pop();
                (t?, f?)
            }
        };
        self.domain = saved;
        Ok(match parts {
            (None, None) => None,
            (Some(p), None) | (None, Some(p)) => Some(p),
            (Some(mut a), Some(b)) => {
                a.schedule = a.schedule.sequence(&b.schedule).map_err(&e)?;
                a.stmts.extend(b.stmts);
                Some(a)
            }
        })
    }

    fn assign(&mut self, lv: &LValue, value: &Expr, s: &Stmt) -> R<Part> {
        let e = isl(self.loc.clone());
        let sid = StmtId(self.stmts.len() as u32);
        let name = match &s.label {
            Some(l) if !self.stmts.iter().any(|st| &st.name == l) => l.clone(),
            _ => format!("S{}", sid.0),
        };
        let domain = self.domain.with_tuple_name(&name).map_err(&e)?;
        let mut st = ScopStmt {
            name: name.clone(),
            label: s.label.clone(),
            tags: self.tags.clone(),
            domain: domain.clone(),
            write: AccessId(0),
            value: BodyExpr::int32(0),
            guard: None,
            accesses: Vec::new(),
            iterators: self.loops.iter().map(|l| l.var).collect(),
            loc: s.loc.clone(),
        };
        let guarded = !self.guards.is_empty();
        // The write first.
        let write = match lv {
            LValue::Var(v) => {
                let arr = self.scalar_array(*v)?;
                let kind = if guarded {
                    AccessKind::MayWrite
                } else {
                    AccessKind::MustWrite
                };
                self.new_access(&mut st, sid, kind, arr, None)?
            }
            LValue::Elem(a, idx) => {
                let arr = self.of_array[a];
                self.element_access(&mut st, sid, arr, idx, true, guarded)?
            }
        };
        st.write = write;
        st.value = self.body(&mut st, sid, value)?;
        if guarded {
            let mut guard: Option<BodyExpr> = None;
            for (c, taken) in self.guards.clone() {
                let mut g = self.body(&mut st, sid, &c)?;
                if !taken {
                    g = BodyExpr::unary(UnOp::Not, g)?;
                }
                guard = Some(match guard {
                    None => g,
                    Some(prev) => BodyExpr::binary(BinOp::And, prev, g)?,
                });
            }
            st.guard = guard;
        }
        self.stmts.push(st);
        let schedule = Schedule::from_domain(&domain.to_union().map_err(&e)?).map_err(&e)?;
        Ok(Part {
            schedule,
            stmts: vec![sid],
        })
    }

    fn scalar_array(&self, v: VarId) -> R<ScopArrayId> {
        match self.of_scalar.get(&v) {
            Some(a) => Ok(*a),
            None => self.err(format!(
                "`{}` is not a variable held in memory",
                self.f.var(v).name
            )),
        }
    }

    /// Adds an access whose relation is `relation`, or the whole array when `None`.
    fn new_access(
        &mut self,
        st: &mut ScopStmt,
        sid: StmtId,
        kind: AccessKind,
        arr: ScopArrayId,
        relation: Option<Map>,
    ) -> R<AccessId> {
        let e = isl(self.loc.clone());
        // A scalar has one element: the whole-array relation is exact.
        let exact = relation.is_some() || self.arrays[arr].sizes.is_empty();
        let relation = match relation {
            Some(r) => r,
            None => {
                let a = &self.arrays[arr];
                let dims: Vec<String> = (0..a.sizes.len()).map(|k| format!("o{k}")).collect();
                let range =
                    Set::parse(&self.ctx, &format!("{{ {}[{}] }}", a.name, dims.join(", ")))
                        .map_err(&e)?;
                Map::from_domain_and_range(&st.domain, &range).map_err(&e)?
            }
        };
        self.accesses.push(Access {
            stmt: sid,
            kind,
            array: arr,
            relation,
            exact,
            polynomial: None,
            subscripts: None,
        });
        let id = AccessId((self.accesses.len() - 1) as u32);
        st.accesses.push(id);
        Ok(id)
    }

    /// An access to `array[idx...]`: exact when every subscript is affine.
    fn element_access(
        &mut self,
        st: &mut ScopStmt,
        sid: StmtId,
        arr: ScopArrayId,
        idx: &[Expr],
        write: bool,
        guarded: bool,
    ) -> R<AccessId> {
        let e = isl(self.loc.clone());
        let mut affs = Vec::new();
        for i in idx {
            match self.aff(i) {
                Ok(a) => {
                    let domain = self.domain.clone();
                    self.record_int(i, &domain);
                    affs.push(a);
                }
                Err(NonAffine) => break,
            }
        }
        let array_name = self.arrays[arr].name.clone();
        let kind = match (write, guarded || affs.len() < idx.len()) {
            (false, _) => AccessKind::Read,
            (true, false) => AccessKind::MustWrite,
            (true, true) => AccessKind::MayWrite,
        };
        if affs.len() == idx.len() {
            let mut rel: Option<Map> = None;
            for a in &affs {
                let m = a.to_map().map_err(&e)?;
                rel = Some(match rel {
                    None => m,
                    Some(r) => r.flat_range_product(&m).map_err(&e)?,
                });
            }
            let rel = match rel {
                Some(r) => r,
                None => Map::from_domain_and_range(
                    &self.domain,
                    &Set::universe(&Space::set(&self.ctx, 0, 0).map_err(&e)?).map_err(&e)?,
                )
                .map_err(&e)?,
            };
            let rel = rel
                .with_tuple_name(DimType::In, &st.name)
                .map_err(&e)?
                .with_tuple_name(DimType::Out, &array_name)
                .map_err(&e)?
                .intersect_domain(&st.domain)
                .map_err(&e)?;
            let id = self.new_access(st, sid, kind, arr, Some(rel))?;
            // A flat pointer's affine subscript is kept as a polynomial too: delinearization
            // needs every access of an array (`A[i*n + j]` next to `A[j]`), and constant
            // strides (`A[i*100 + j]`) are its to recover.
            if let ([i], true) = (idx, self.arrays[arr].pointer)
                && let Some(p) = self.polynomial(i)
            {
                self.accesses[id].polynomial = Some(vec![p]);
            }
            return Ok(id);
        }
        // Not affine: a may-access to the whole array; a flat pointer keeps its polynomial.
        let id = self.new_access(st, sid, kind, arr, None)?;
        let poly: Option<Vec<Polynomial>> = idx.iter().map(|i| self.polynomial(i)).collect();
        let text: Vec<String> = idx.iter().map(|i| self.f.expr_to_string(i)).collect();
        match (poly, self.arrays[arr].pointer) {
            (Some(p), true) => {
                self.diagnostics.push(format!(
                    "{}: subscript of `{array_name}[{}]` is polynomial: marked for delinearization",
                    st.name,
                    text.join("][")
                ));
                self.accesses[id].polynomial = Some(p);
            }
            _ => {
                let why = if idx.iter().any(reads_memory) {
                    "depends on data"
                } else {
                    "is not affine"
                };
                self.diagnostics.push(format!(
                    "{}: subscript of `{array_name}[{}]` {why}: may-access to the whole array",
                    st.name,
                    text.join("][")
                ));
            }
        }
        // The subscripts, evaluated by the generated code; their reads are reads of the statement.
        let mut subscripts = Vec::with_capacity(idx.len());
        for i in idx {
            subscripts.push(self.body(st, sid, i)?);
        }
        self.accesses[id].subscripts = Some(subscripts);
        Ok(id)
    }

    /// The body expression of `e`, creating the accesses of its reads (in evaluation order).
    fn body(&mut self, st: &mut ScopStmt, sid: StmtId, e: &Expr) -> R<BodyExpr> {
        e.map_leaves(&mut |leaf, ty| {
            let leaf = match leaf {
                IrLeaf::Var(v) => {
                    if let Some(pos) = self.loops.iter().position(|l| l.var == *v) {
                        BodyLeaf::Iter(pos)
                    } else if self.iterators.contains(v) {
                        return self.err(format!(
                            "loop counter `{}` is read outside its loop",
                            self.f.var(*v).name
                        ));
                    } else if let Some(&arr) = self.of_scalar.get(v) {
                        BodyLeaf::Access(self.new_access(st, sid, AccessKind::Read, arr, None)?)
                    } else {
                        BodyLeaf::Param(*v)
                    }
                }
                IrLeaf::Read(a, idx) => {
                    let arr = self.of_array[a];
                    BodyLeaf::Access(self.element_access(st, sid, arr, idx, false, false)?)
                }
            };
            Ok(BodyExpr::leaf(leaf, ty)?)
        })
    }

    // ------------------------------------------------------------------ affine expressions

    /// The names of the current loop dimensions.
    fn dims(&self) -> Vec<String> {
        self.loops.iter().map(|l| l.dim.clone()).collect()
    }

    /// Parses `[params] -> { [dims] -> [(body)] }` on the current domain space.
    fn leaf(&self, params: &[&str], body: &str) -> Result<PwAff, NonAffine> {
        let text = format!(
            "[{}] -> {{ [{}] -> [({body})] }}",
            params.join(", "),
            self.dims().join(", ")
        );
        PwAff::parse(&self.ctx, &text).map_err(|_| NonAffine)
    }

    /// The affine function of the loop dimension `pos` on `space`.
    fn var_aff(&self, space: &Space, pos: usize) -> Result<PwAff, IslError> {
        Aff::zero_on_domain(space)?
            .with_coefficient(DimType::In, pos, &Val::from_i64(&self.ctx, 1)?)?
            .to_pw_aff()
    }

    /// `e` as an affine function of the loop dimensions and parameters, in ℤ.
    fn aff(&mut self, e: &Expr) -> Result<PwAff, NonAffine> {
        let ok = |r: Result<PwAff, IslError>| r.map_err(|_| NonAffine);
        match &e.kind {
            ExprKind::Int(v) => self.leaf(&[], &v.to_string()),
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                if let Some(l) = self.loops.iter().find(|l| l.var == *v) {
                    let dim = l.dim.clone();
                    self.leaf(&[], &dim)
                } else if self.read_only_params.contains(v) && e.ty.is_int() {
                    let name = self.scalar_param(*v);
                    self.leaf(&[&name], &name)
                } else {
                    Err(NonAffine)
                }
            }
            ExprKind::Leaf(IrLeaf::Read(a, idx)) => {
                let name = self.invariant_load(a, idx)?;
                self.leaf(&[&name], &name)
            }
            ExprKind::Cast(a) if e.ty.is_int() && a.ty.is_int() => self.aff(a),
            ExprKind::Unary(UnOp::Neg, a) if e.ty.is_int() => ok(self.aff(a)?.neg()),
            ExprKind::Binary(op, a, b) if e.ty.is_int() => {
                let (x, y) = (self.aff(a)?, self.aff(b)?);
                match op {
                    BinOp::Add => ok(x.add(&y)),
                    BinOp::Sub => ok(x.sub(&y)),
                    BinOp::Mul if x.is_cst().unwrap_or(false) || y.is_cst().unwrap_or(false) => {
                        ok(x.mul(&y))
                    }
                    BinOp::Div | BinOp::Rem if is_nonzero_constant(b) => ok(if *op == BinOp::Div {
                        x.tdiv_q(&y)
                    } else {
                        x.tdiv_r(&y)
                    }),
                    _ => Err(NonAffine),
                }
            }
            // `c ? a : b` with an affine test: piecewise (`max` and `min` written in C).
            ExprKind::Select(c, a, b) if e.ty.is_int() => {
                let test = self.condition(c)?;
                let (x, y) = (self.aff(a)?, self.aff(b)?);
                ok((|| {
                    x.intersect_domain(&test)?
                        .union_add(&y.intersect_domain(&test.complement()?)?)?
                        .coalesce()
                })())
            }
            _ => Err(NonAffine),
        }
    }

    /// An affine function of the parameters only (array sizes): no loop is around.
    fn param_aff(&mut self, e: &Expr) -> Result<PwAff, NonAffine> {
        let saved = std::mem::take(&mut self.loops);
        let r = self.aff(e);
        self.loops = saved;
        r
    }

    /// The parameter for an integer scalar parameter of the function.
    fn scalar_param(&mut self, v: VarId) -> String {
        let var = self.f.var(v);
        if let Some(p) = self
            .params
            .iter()
            .find(|p| p.origin == ParamOrigin::Scalar(v))
        {
            return p.name.clone();
        }
        self.params.push(ScopParam {
            name: var.name.clone(),
            ty: var.ty,
            origin: ParamOrigin::Scalar(v),
        });
        var.name.clone()
    }

    /// A read whose subscripts depend only on parameters: an assumed-invariant load, which
    /// becomes a parameter (the RT assumption checks that the region does not write it).
    fn invariant_load(&mut self, a: &ArrayId, idx: &[Expr]) -> Result<String, NonAffine> {
        let elem = self.f.array(*a).elem;
        if !elem.is_int() {
            return Err(NonAffine);
        }
        let mut affs = Vec::new();
        let mut subscripts = Vec::new();
        for i in idx {
            affs.push(self.param_aff(i)?);
            subscripts.push(self.param_body(i).ok_or(NonAffine)?);
            // The read's location must be the one the model names (EE).
            let domain = self.domain.clone();
            self.record_int(i, &domain);
        }
        let arr = self.of_array[a];
        let array_name = self.arrays[arr].name.clone();
        let mut rel: Option<Map> = None;
        for p in &affs {
            let m = p.to_map().map_err(|_| NonAffine)?;
            rel = Some(match rel {
                None => m,
                Some(r) => r.flat_range_product(&m).map_err(|_| NonAffine)?,
            });
        }
        let rel = rel
            .ok_or(NonAffine)?
            .with_tuple_name(DimType::Out, &array_name)
            .map_err(|_| NonAffine)?;
        if let Some(k) = self
            .loads
            .iter()
            .position(|l| l.array == arr && l.relation == rel)
        {
            // One parameter for every read of the element: the program performs the load
            // wherever any of them executes (a read under a condition that never holds must
            // not leave the parameter unloaded for the others).
            let here = self.domain.params().map_err(|_| NonAffine)?;
            let l = &mut self.loads[k];
            l.executed = l.executed.union(&here).map_err(|_| NonAffine)?;
            return Ok(l.param.clone());
        }
        let param = self.unique_name(&format!("{array_name}_ld{}", self.loads.len()));
        let executed = self.domain.params().map_err(|_| NonAffine)?;
        self.loads.push(InvariantLoad {
            param: param.clone(),
            array: arr,
            relation: rel,
            subscripts,
            executed,
            loc: self.loc.clone(),
        });
        self.params.push(ScopParam {
            name: param.clone(),
            ty: elem,
            origin: ParamOrigin::Load(self.loads.len() - 1),
        });
        self.diagnostics.push(format!(
            "read of `{array_name}` at {} is assumed invariant: parameter `{param}`",
            self.loc
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default()
        ));
        Ok(param)
    }

    /// A body expression over read-only parameters and constants only (no access).
    fn param_body(&self, e: &Expr) -> Option<BodyExpr> {
        let kind = match &e.kind {
            ExprKind::Int(v) => BodyKind::Int(*v),
            ExprKind::Leaf(IrLeaf::Var(v)) if self.read_only_params.contains(v) => {
                BodyKind::Leaf(BodyLeaf::Param(*v))
            }
            ExprKind::Cast(a) => BodyKind::Cast(Box::new(self.param_body(a)?)),
            ExprKind::Unary(op, a) => BodyKind::Unary(*op, Box::new(self.param_body(a)?)),
            ExprKind::Binary(op, a, b) => BodyKind::Binary(
                *op,
                Box::new(self.param_body(a)?),
                Box::new(self.param_body(b)?),
            ),
            _ => return None,
        };
        BodyExpr::new(kind, e.ty).ok()
    }

    /// `c` as a set of the current loop dimensions, when it is affine.
    fn condition(&mut self, c: &Expr) -> Result<Set, NonAffine> {
        let ok = |r: Result<Set, IslError>| r.map_err(|_| NonAffine);
        match &c.kind {
            ExprKind::Binary(BinOp::And, a, b) => {
                ok(self.condition(a)?.intersect(&self.condition(b)?))
            }
            ExprKind::Binary(BinOp::Or, a, b) => ok(self.condition(a)?.union(&self.condition(b)?)),
            ExprKind::Unary(UnOp::Not, a) => ok(self.condition(a)?.complement()),
            ExprKind::Binary(op, a, b) if op.is_comparison() && a.ty.is_int() => {
                let (x, y) = (self.aff(a)?, self.aff(b)?);
                ok(match op {
                    BinOp::Lt => x.lt_set(&y),
                    BinOp::Le => x.le_set(&y),
                    BinOp::Gt => x.gt_set(&y),
                    BinOp::Ge => x.ge_set(&y),
                    BinOp::Eq => x.eq_set(&y),
                    _ => x.ne_set(&y),
                })
            }
            _ if c.ty.is_int() => {
                let x = self.aff(c)?;
                let zero = self.leaf(&[], "0")?;
                ok(x.ne_set(&zero))
            }
            _ => Err(NonAffine),
        }
    }

    fn record_condition(&mut self, c: &Expr) {
        let mut work = vec![c];
        while let Some(e) = work.pop() {
            match &e.kind {
                ExprKind::Binary(BinOp::And | BinOp::Or, a, b) => work.extend([&**a, &**b]),
                ExprKind::Unary(UnOp::Not, a) => work.push(a),
                ExprKind::Binary(op, a, b) if op.is_comparison() => {
                    for side in [&**a, &**b] {
                        if self.aff(side).is_ok() {
                            let domain = self.domain.clone();
                            self.record_int(side, &domain);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Records an integer expression for the EE assumption.
    ///
    /// `e` is affine and evaluated on `domain`. Every part of it that may wrap (unsigned
    /// arithmetic, a conversion to a narrower or unsigned type) is recorded with its own value
    /// in ℤ: the whole evaluates as in ℤ exactly when each such part lies in its type (by
    /// induction from the leaves). An expression with no such part is recorded once, as not
    /// wrapping.
    fn record_int(&mut self, e: &Expr, domain: &Set) {
        if !e.ty.is_int() {
            return;
        }
        let mut parts = Vec::new();
        let mut work = vec![e];
        while let Some(x) = work.pop() {
            if wraps_here(x) {
                parts.push(x);
            }
            work.extend(x.children());
        }
        let whole = parts.is_empty();
        if whole {
            parts.push(e);
        }
        for x in parts {
            let Ok(value) = self.aff(x) else { continue };
            let Ok(value) = value.intersect_domain(domain) else {
                continue;
            };
            self.facts.int_exprs.push(IntExpr {
                text: self.f.expr_to_string(x),
                ty: x.ty,
                may_wrap: !whole,
                value,
                domain: domain.clone(),
                loc: self.loc.clone(),
            });
        }
    }

    /// `e` as a polynomial over the loop dimensions and parameters (for linearized subscripts).
    fn polynomial(&mut self, e: &Expr) -> Option<Polynomial> {
        match &e.kind {
            ExprKind::Int(v) => Some(Polynomial::constant(*v)),
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                if let Some(l) = self.loops.iter().find(|l| l.var == *v) {
                    Some(Polynomial::var(&l.dim))
                } else if self.read_only_params.contains(v) {
                    Some(Polynomial::var(&self.scalar_param(*v)))
                } else {
                    None
                }
            }
            ExprKind::Cast(a) if e.ty.is_int() && a.ty.is_int() => self.polynomial(a),
            ExprKind::Unary(UnOp::Neg, a) => Some(-self.polynomial(a)?),
            ExprKind::Binary(BinOp::Add, a, b) => Some(self.polynomial(a)? + self.polynomial(b)?),
            ExprKind::Binary(BinOp::Sub, a, b) => Some(self.polynomial(a)? - self.polynomial(b)?),
            ExprKind::Binary(BinOp::Mul, a, b) => Some(self.polynomial(a)? * self.polynomial(b)?),
            _ => None,
        }
    }
}

fn is_nonzero_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(v) => *v != 0,
        ExprKind::Cast(a) => is_nonzero_constant(a),
        _ => false,
    }
}

/// Whether computing the node `x` itself (its operands taken exact) can give another value in
/// its C type than in ℤ: unsigned arithmetic, or a conversion to a narrower or unsigned type
/// (signed overflow is undefined in C, so it needs no assumption).
fn wraps_here(x: &Expr) -> bool {
    match &x.kind {
        ExprKind::Binary(op, ..) => x.ty.is_int() && !x.ty.is_signed() && !op.is_comparison(),
        ExprKind::Unary(UnOp::Neg | UnOp::BitNot, _) => x.ty.is_int() && !x.ty.is_signed(),
        // A constant that fits its new type does not wrap.
        ExprKind::Cast(a) if matches!(a.kind, ExprKind::Int(v) if v >= x.ty.min_int() && v <= x.ty.max_int()) => {
            false
        }
        ExprKind::Cast(a) => {
            x.ty.is_int()
                && a.ty.is_int()
                && (x.ty.bits() < a.ty.bits() || (!x.ty.is_signed() && a.ty.is_signed()))
        }
        _ => false,
    }
}

/// `base`, or `base_1`, `base_2`, ... : the first that `taken` does not claim.
fn fresh(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (1..)
        .map(|k| format!("{base}_{k}"))
        .find(|n| !taken(n))
        .unwrap_or_default()
}

/// Whether `e` reads an array element.
fn reads_memory(e: &Expr) -> bool {
    let mut work = vec![e];
    while let Some(x) = work.pop() {
        if matches!(x.kind, ExprKind::Leaf(IrLeaf::Read(..))) {
            return true;
        }
        work.extend(x.children());
    }
    false
}

/// Whether `e` reads the variable `v`.
fn mentions(e: &Expr, v: VarId) -> bool {
    let mut work = vec![e];
    while let Some(x) = work.pop() {
        if x.kind == ExprKind::Leaf(IrLeaf::Var(v)) {
            return true;
        }
        work.extend(x.children());
    }
    false
}

/// Whether a statement of `then` or `els` (at any depth) writes a variable or an array that
/// condition `c` reads.
/// Whether the model's guards, evaluated at every statement instance under a data-dependent
/// condition `c`, could disagree with C's one evaluation of it: a statement under it writes
/// what it reads, and more than one instance runs under one evaluation. With one statement
/// per branch each evaluation runs one instance, but the `else` statement's guard is evaluated
/// after the `then` statement ran: that one must not write what the condition reads (`if
/// (a[i] > b[i]) a[i] = b[i]; else a[i] = c[i];` took the `else` branch too).
pub(crate) fn guard_changes(c: &Expr, then: &[Stmt], els: &[Stmt]) -> bool {
    let single =
        |b: &[Stmt]| b.len() <= 1 && b.iter().all(|s| matches!(s.kind, StmtKind::Assign(..)));
    if single(then) && single(els) {
        !els.is_empty() && writes_what_it_reads(c, then, &[])
    } else {
        writes_what_it_reads(c, then, els)
    }
}

fn writes_what_it_reads(c: &Expr, then: &[Stmt], els: &[Stmt]) -> bool {
    let (mut vars, mut arrays) = (HashSet::new(), HashSet::new());
    let mut work = vec![c];
    while let Some(e) = work.pop() {
        match &e.kind {
            ExprKind::Leaf(IrLeaf::Var(v)) => {
                vars.insert(*v);
            }
            ExprKind::Leaf(IrLeaf::Read(a, idx)) => {
                arrays.insert(*a);
                work.extend(idx);
            }
            _ => work.extend(e.children()),
        }
    }
    let mut stmts: Vec<&Stmt> = then.iter().chain(els).collect();
    while let Some(s) = stmts.pop() {
        match &s.kind {
            StmtKind::Assign(LValue::Var(v), _) if vars.contains(v) => return true,
            StmtKind::Assign(LValue::Elem(a, _), _) if arrays.contains(a) => return true,
            StmtKind::Assign(..) => {}
            StmtKind::For(l) => stmts.extend(&l.body),
            StmtKind::If(_, t, e) => stmts.extend(t.iter().chain(e)),
            StmtKind::Block(b) => stmts.extend(b),
        }
    }
    false
}
