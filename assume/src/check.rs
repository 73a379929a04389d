//! The run-time check (§6): an expression tree over parameters, pre-loaded invariant reads and
//! array addresses, evaluated with overflow checking (Algorithm 1), and the guarded pre-loads
//! (Algorithm 2).

use crate::collect::Assumptions;
use optimist_presburger::{AstBuild, AstExpr, AstExprKind, AstOp, DimType, PwAff, Set, Val};
use optimist_scop::model::{ParamOrigin, Scop, ScopArrayId, Size};

type IslResult<T> = Result<T, optimist_presburger::Error>;

/// A value the check reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckLeaf {
    /// A parameter of the model: an integer scalar parameter of the function, or the value of
    /// an assumed-invariant read (see [`RuntimeCheck::preloads`]).
    Param(String),
    /// The address of element 0 of an array, in bytes.
    Address(ScopArrayId),
    /// The lowest flat element index the memory given for an array allows (native kernels
    /// know it; compiled C does not, and its check fails where one is needed).
    BufferStart(ScopArrayId),
    /// One past the highest flat element index the memory given for an array allows.
    BufferEnd(ScopArrayId),
}

/// An integer expression of the check; comparisons and logic give 1 or 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckExpr {
    /// A constant.
    Int(i64),
    /// A value known only at run time.
    Leaf(CheckLeaf),
    /// An operation of isl's AST expressions (`Call`, `Access` and `Member` do not occur).
    /// Every argument is evaluated (no short circuit), so an overflow anywhere fails the check.
    Op(AstOp, Vec<CheckExpr>),
}

impl CheckExpr {
    /// `a op b`, folding constants and the neutral elements of `+` and `*`.
    pub fn op(op: AstOp, a: CheckExpr, b: CheckExpr) -> CheckExpr {
        use CheckExpr::Int;
        match (op, &a, &b) {
            (AstOp::Add, Int(x), Int(y)) if x.checked_add(*y).is_some() => Int(x + y),
            (AstOp::Mul, Int(x), Int(y)) if x.checked_mul(*y).is_some() => Int(x * y),
            (AstOp::Add, Int(0), _) | (AstOp::Mul, Int(1), _) => b,
            (AstOp::Add, _, Int(0)) | (AstOp::Mul, _, Int(1)) => a,
            (AstOp::Mul, Int(0), _) | (AstOp::Mul, _, Int(0)) => Int(0),
            // `(x - c) + c` is `x` (exact: no overflow is hidden, `x` itself is computed).
            (AstOp::Add, CheckExpr::Op(AstOp::Sub, xs), Int(c))
                if xs.len() == 2 && xs[1] == Int(*c) =>
            {
                xs[0].clone()
            }
            _ => CheckExpr::Op(op, vec![a, b]),
        }
    }

    /// The conjunction of `parts` (1 when empty), leaving out constant 1s.
    pub fn all(parts: Vec<CheckExpr>) -> CheckExpr {
        let mut parts: Vec<CheckExpr> = parts
            .into_iter()
            .filter(|p| *p != CheckExpr::Int(1))
            .collect();
        match parts.len() {
            0 => CheckExpr::Int(1),
            1 => parts.remove(0),
            _ => {
                let first = parts.remove(0);
                parts
                    .into_iter()
                    .fold(first, |acc, p| CheckExpr::op(AstOp::And, acc, p))
            }
        }
    }

    /// The condition "the parameters lie in `set`" (a parameter set of `scop`).
    pub fn from_set(set: &Set) -> IslResult<CheckExpr> {
        let universe = Set::universe(&set.space()?)?;
        if universe.is_subset(set)? {
            return Ok(CheckExpr::Int(1));
        }
        if set.is_empty()? {
            return Ok(CheckExpr::Int(0));
        }
        let build = AstBuild::from_context(&universe)?;
        convert(&build.expr_from_set(&set.coalesce()?)?)
    }

    /// `pa` (a function of the parameters of `scop`) as an expression, `default` where `pa` is
    /// not defined.
    pub fn from_pw_aff(scop: &Scop, pa: &PwAff, default: i64) -> IslResult<CheckExpr> {
        let universe = Set::universe(&pa.domain()?.space()?)?;
        let nowhere = universe.subtract(&pa.domain()?)?;
        let total = if nowhere.is_empty()? {
            pa.clone()
        } else {
            pa.union_add(&PwAff::constant_on(
                &nowhere,
                &Val::from_i64(&scop.ctx, default)?,
            )?)?
        };
        let build = AstBuild::from_context(&universe)?;
        convert(&build.expr_from_pw_aff(&total.coalesce()?)?)
    }

    /// The leaves the expression reads.
    pub fn leaves(&self) -> Vec<&CheckLeaf> {
        let mut out = Vec::new();
        let mut work = vec![self];
        while let Some(e) = work.pop() {
            match e {
                CheckExpr::Int(_) => {}
                CheckExpr::Leaf(l) => out.push(l),
                CheckExpr::Op(_, a) => work.extend(a.iter()),
            }
        }
        out
    }

    /// The value of the expression, or `None` when an operation overflows 64-bit signed
    /// arithmetic, divides by zero, or a leaf is unknown (`leaf` returns `None`): then the
    /// check fails (Algorithm 1).
    pub fn eval(&self, leaf: &dyn Fn(&CheckLeaf) -> Option<i64>) -> Option<i64> {
        Some(match self {
            CheckExpr::Int(v) => *v,
            CheckExpr::Leaf(l) => leaf(l)?,
            CheckExpr::Op(op, args) => {
                let v: Vec<i64> = args.iter().map(|a| a.eval(leaf)).collect::<Option<_>>()?;
                let x = *v.first()?;
                let y = || v.get(1).copied();
                let b = |c: bool| i64::from(c);
                match op {
                    AstOp::Add => x.checked_add(y()?)?,
                    AstOp::Sub => x.checked_sub(y()?)?,
                    AstOp::Mul => x.checked_mul(y()?)?,
                    AstOp::Minus => x.checked_neg()?,
                    AstOp::Div | AstOp::PdivQ => x.checked_div(y()?)?,
                    AstOp::FdivQ => floor_div(x, y()?)?,
                    AstOp::PdivR | AstOp::ZdivR => x.checked_rem(y()?)?,
                    AstOp::Min => v.iter().copied().min()?,
                    AstOp::Max => v.iter().copied().max()?,
                    AstOp::Cond | AstOp::Select => {
                        if x != 0 {
                            y()?
                        } else {
                            v.get(2).copied()?
                        }
                    }
                    AstOp::And | AstOp::AndThen => b(x != 0 && y()? != 0),
                    AstOp::Or | AstOp::OrElse => b(x != 0 || y()? != 0),
                    AstOp::Eq => b(x == y()?),
                    AstOp::Le => b(x <= y()?),
                    AstOp::Lt => b(x < y()?),
                    AstOp::Ge => b(x >= y()?),
                    AstOp::Gt => b(x > y()?),
                    _ => return None,
                }
            }
        })
    }

    /// The expression in C notation, for people (`optimist show assumptions`): parameters by
    /// name, `(long)A` for an address, `start(A)`/`end(A)` for what only native code knows.
    pub fn to_c(&self, scop: &Scop) -> String {
        let name = |k: &ScopArrayId| scop.array(*k).name.clone();
        match self {
            CheckExpr::Int(v) => v.to_string(),
            CheckExpr::Leaf(CheckLeaf::Param(p)) => p.clone(),
            CheckExpr::Leaf(CheckLeaf::Address(k)) => format!("(long){}", name(k)),
            CheckExpr::Leaf(CheckLeaf::BufferStart(k)) => format!("start({})", name(k)),
            CheckExpr::Leaf(CheckLeaf::BufferEnd(k)) => format!("end({})", name(k)),
            CheckExpr::Op(op, a) => {
                let x = |k: usize| a.get(k).map(|e| e.to_c(scop)).unwrap_or_default();
                let bin = |s: &str| format!("({} {s} {})", x(0), x(1));
                if let Some(s) = op.c_infix() {
                    return bin(s);
                }
                match op {
                    AstOp::FdivQ => format!("floord({}, {})", x(0), x(1)),
                    AstOp::Minus => format!("-{}", x(0)),
                    AstOp::Min | AstOp::Max => {
                        let f = if *op == AstOp::Min { "min" } else { "max" };
                        let args: Vec<String> = a.iter().map(|e| e.to_c(scop)).collect();
                        format!("{f}({})", args.join(", "))
                    }
                    AstOp::Cond | AstOp::Select => format!("({} ? {} : {})", x(0), x(1), x(2)),
                    other => format!("/* {other:?} */"),
                }
            }
        }
    }
}

/// `floor(x / y)`.
fn floor_div(x: i64, y: i64) -> Option<i64> {
    let q = x.checked_div(y)?;
    Some(if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    })
}

fn convert(e: &AstExpr) -> IslResult<CheckExpr> {
    Ok(match e.kind()? {
        AstExprKind::Int(v) => CheckExpr::Int(v.to_i64()?),
        AstExprKind::Id(id) => CheckExpr::Leaf(CheckLeaf::Param(id.name())),
        AstExprKind::Op(op, args) => {
            CheckExpr::Op(op, args.iter().map(convert).collect::<IslResult<Vec<_>>>()?)
        }
    })
}

/// The flat element indices an array's accesses may touch, as expressions: exact (from the
/// model, assuming IB: the range of the first subscript times the size of the inner
/// dimensions) when every access is exact, otherwise the whole memory given for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Footprint {
    /// Whether anything is touched (1 or 0).
    pub touched: CheckExpr,
    /// The lowest flat index (when touched).
    pub low: CheckExpr,
    /// One past the highest flat index (when touched).
    pub end: CheckExpr,
}

impl Footprint {
    /// The footprint of array `k` (its accesses and its invariant reads).
    pub fn of(scop: &Scop, k: ScopArrayId) -> IslResult<Footprint> {
        let whole = Footprint {
            touched: CheckExpr::Int(1),
            low: CheckExpr::Leaf(CheckLeaf::BufferStart(k)),
            end: CheckExpr::Leaf(CheckLeaf::BufferEnd(k)),
        };
        let arr = scop.array(k);
        let mut touched: Option<Set> = None;
        let mut add = |s: Set| -> IslResult<()> {
            touched = Some(match touched.take() {
                None => s,
                Some(t) => t.union(&s)?,
            });
            Ok(())
        };
        for a in scop.accesses.iter().filter(|a| a.array == k) {
            if !a.exact {
                return Ok(whole);
            }
            add(a
                .relation
                .intersect_domain(&scop.stmt(a.stmt).domain)?
                .range()?)?;
        }
        for l in scop.invariant_loads.iter().filter(|l| l.array == k) {
            add(l.relation.range()?.intersect_params(&l.executed)?)?;
        }
        let Some(touched) = touched else {
            return Ok(Footprint {
                touched: CheckExpr::Int(0),
                low: CheckExpr::Int(0),
                end: CheckExpr::Int(0),
            });
        };
        let touched = touched.coalesce()?;
        if touched.dim(DimType::SET)? == 0 {
            return Ok(Footprint {
                touched: CheckExpr::from_set(&touched.params()?)?,
                low: CheckExpr::Int(0),
                end: CheckExpr::Int(1),
            });
        }
        let mut stride = Vec::new();
        for s in arr.sizes.iter().skip(1) {
            stride.push(match s {
                Size::Const(c) => match i64::try_from(*c) {
                    Ok(c) => CheckExpr::Int(c),
                    Err(_) => return Ok(whole),
                },
                Size::Param(p) => CheckExpr::from_pw_aff(scop, p, 0)?,
                Size::Unknown => return Ok(whole),
            });
        }
        let times = |e: CheckExpr| {
            stride
                .iter()
                .cloned()
                .fold(e, |acc, s| CheckExpr::op(AstOp::Mul, acc, s))
        };
        // The bounds matter only where something is touched (the check reads them under
        // `touched`), so they are simplified there.
        let somewhere = touched.params()?;
        let lo = CheckExpr::from_pw_aff(scop, &touched.dim_min(0)?.gist(&somewhere)?, 0)?;
        let hi = CheckExpr::from_pw_aff(scop, &touched.dim_max(0)?.gist(&somewhere)?, -1)?;
        Ok(Footprint {
            touched: CheckExpr::from_set(&touched.params()?)?,
            low: times(lo),
            end: times(CheckExpr::op(AstOp::Add, hi, CheckExpr::Int(1))),
        })
    }
}

/// An assumed-invariant read to load before the check (Algorithm 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preload {
    /// Its index in `scop.invariant_loads`; its value becomes the parameter of that name.
    pub load: usize,
    /// When the program performs the read, over scalar parameters and earlier pre-loads; the
    /// read happens only then (otherwise the value is 0: no executed code uses it). `None`
    /// when that condition needs this or a later read: code that cannot check an address
    /// against the memory it was given must then fail the check.
    pub executed: Option<CheckExpr>,
}

/// The run-time check of a kernel: pre-loads, then one condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuntimeCheck {
    /// The invariant reads to load first, in order (a read's subscripts and guard may use the
    /// earlier ones).
    pub preloads: Vec<Preload>,
    /// The precondition: the simplified assumptions, the extra condition, and no overlap of
    /// every alias pair. 1 means run the optimized code.
    pub condition: CheckExpr,
    /// The footprint of every array reached through a parameter (computed once, for the alias
    /// pairs and for code that checks footprints against buffers).
    pub footprints: Vec<(ScopArrayId, Footprint)>,
}

impl RuntimeCheck {
    /// The check for `assumptions` (of `scop`), conjoined with `extra` (a parameter set other
    /// passes need, such as the program-model correspondence).
    pub fn build(
        scop: &Scop,
        assumptions: &Assumptions,
        extra: Option<&Set>,
    ) -> IslResult<RuntimeCheck> {
        let mut preloads = Vec::new();
        for (k, l) in scop.invariant_loads.iter().enumerate() {
            let universe = Set::universe(&l.executed.space()?)?;
            let executed = if universe.is_subset(&l.executed)? {
                Some(CheckExpr::Int(1))
            } else {
                let e = CheckExpr::from_set(&l.executed)?;
                let earlier = |name: &str| {
                    scop.params.iter().any(|p| {
                        p.name == name
                            && match p.origin {
                                ParamOrigin::Scalar(_) => true,
                                ParamOrigin::Load(j) => j < k,
                            }
                    })
                };
                let ok = e.leaves().iter().all(|leaf| match leaf {
                    CheckLeaf::Param(p) => earlier(p),
                    _ => false,
                });
                ok.then_some(e)
            };
            preloads.push(Preload { load: k, executed });
        }
        let mut footprints = Vec::new();
        for &k in &scop.facts.base_pointers {
            footprints.push((k, Footprint::of(scop, k)?));
        }
        if assumptions.infeasible.is_some() {
            return Ok(RuntimeCheck {
                preloads,
                condition: CheckExpr::Int(0),
                footprints,
            });
        }
        let mut set = assumptions.valid.clone();
        if let Some(x) = extra {
            set = set.intersect(x)?;
        }
        let mut parts = vec![CheckExpr::from_set(&set)?];
        let of = |k: ScopArrayId| footprints.iter().find(|(a, _)| *a == k).map(|(_, f)| f);
        for p in &assumptions.aliasing {
            if let (Some(x), Some(y)) = (of(p.first), of(p.second)) {
                parts.push(disjoint(scop, (p.first, x), (p.second, y)));
            }
        }
        Ok(RuntimeCheck {
            preloads,
            condition: CheckExpr::all(parts),
            footprints,
        })
    }

    /// The check in C notation (pre-loads as their parameters' names).
    pub fn to_c(&self, scop: &Scop) -> String {
        self.condition.to_c(scop)
    }
}

/// "The memory arrays `x` and `y` touch (per their footprints) does not overlap", with
/// addresses in bytes.
fn disjoint(scop: &Scop, x: (ScopArrayId, &Footprint), y: (ScopArrayId, &Footprint)) -> CheckExpr {
    let range = |(k, f): (ScopArrayId, &Footprint)| {
        let size = i64::try_from(scop.array(k).elem.size()).unwrap_or(i64::MAX);
        let at = |e: &CheckExpr| {
            CheckExpr::op(
                AstOp::Add,
                CheckExpr::Leaf(CheckLeaf::Address(k)),
                CheckExpr::op(AstOp::Mul, e.clone(), CheckExpr::Int(size)),
            )
        };
        (f.touched.clone(), at(&f.low), at(&f.end))
    };
    let (tx, lx, ex) = range(x);
    let (ty, ly, ey) = range(y);
    if tx == CheckExpr::Int(0) || ty == CheckExpr::Int(0) {
        return CheckExpr::Int(1);
    }
    let untouched = |t: CheckExpr| {
        (t != CheckExpr::Int(1)).then(|| CheckExpr::op(AstOp::Eq, t, CheckExpr::Int(0)))
    };
    let same = tx == ty;
    [
        untouched(tx),
        if same { None } else { untouched(ty) },
        Some(CheckExpr::op(AstOp::Le, ex, ly)),
        Some(CheckExpr::op(AstOp::Le, ey, lx)),
    ]
    .into_iter()
    .flatten()
    .reduce(|a, b| CheckExpr::op(AstOp::Or, a, b))
    .unwrap_or(CheckExpr::Int(1))
}
