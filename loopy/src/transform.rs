//! The semantics of Loopy's operators (paper 004, §3.2) on schedule vectors.
//!
//! Every statement instance `s[i]` has the schedule vector `θ(s, i) = (p0, j1, p1, ..., jM, pM)`:
//! positions `p` (where the statement sits in the syntax tree) interleaved with iteration
//! entries `j` (the loop counters, negated for loops counting down). `θ` is one isl map per
//! statement; positions are constants per piece (after `isplit` they depend on the instance).
//! A loop component is a finite set of position vectors `P(l)`.
//!
//! Each operator is a map `ϕ` on schedule vectors; the new schedule is `ϕ ∘ θ`, and every
//! component's positions are mapped by the position part of `ϕ`:
//! - `realign(l1, l2, n)`: with `p1 = max P(l1)` and `p2 = min P(l2)`, every `p ⪰ p2` becomes
//!   `p + p1 - p2 + I(n)` (so `l2` follows `l1` inside their first `n` common loops);
//! - `lift(l1, n)`: only names the component of the statements sharing the first `n` positions
//!   of `l1`'s;
//! - `affine(l, f)`, `f: Z^a -> Z^b`: inside `l`, `(p, j)` becomes
//!   `((p0..pa, 0^(b-a), p(a+1)..pM), (f(j1..ja), j(a+1)..jM))`; outside, both are padded with
//!   `b - a` zeros;
//! - `isplit(l, pred, n)`: with `pm = min P(l)`, instances before `pm`, and those of `l` whose
//!   iteration vector satisfies `pred`, keep their place; every other moves by `I(n)`;
//!   `P(l1) = P(l)` and `P(l2) = P(l) + I(n)`.
//!
//! Reading chosen where the text is terse: `affine`'s `f` applies to the first `a` iteration
//! entries of the whole nest (as the paper's Appendix B scripts use it: `affine(Mult,
//! {[i,j,k] -> [i,k,j]})` for a statement in three loops); `isplit`'s predicate likewise reads
//! the first iteration entries. Shorthands are defined by their translation (see [`Shorthand`]).
//!
//! # Design notes
//!
//! - **Operators** (`transform.rs`). `LoopySchedule`: per statement the map
//!   `S[i] -> [p0, j1, p1, ..., jM, pM]` (positions interleaved with iteration entries, negated for
//!   loops that count down), built from the model alone by `Transformed::initial`: the schedule
//!   tree of `Scop::schedule` gives positions (sequence children) and iteration entries (one-member
//!   bands, their partial schedules), and the statements' `tags` give the components (blocks and
//!   branches share their level's positions, since the model's sequences are flat). So a pass may
//!   split, add or delete statements, and scripts and the verifier still work, as long as it keeps
//!   the schedule in that form and gives new statements their tags (`tests/driver.rs` splits one). `realign`, `lift`, `affine`,
//!   `isplit` are the maps `ϕ` of §3.2 applied to `θ` and to the position sets; `tile`,
//!   `interchange`, `reverse`, `shift`, `skew` translate into `affine` (the `Shorthand` enum says
//!   how); `fuse(L1, L2)` is `realign(L1, L2, common + 1)`; `parallel(L, d)` and `vectorize(L)` are
//!   marks. Readings chosen: `affine`'s map applies to the first iteration entries of the whole
//!   nest (the Appendix B scripts write `[i, j, k]` for a statement in three loops); maps and
//!   predicates may use the kernel's parameters (they are declared for isl); `realign` moves every
//!   later position by the same amount, as the formula says, even into other nests (harmless for the
//!   order).

use optimist_presburger::{Ctx, DimType, Error as IslError, Map, Set, UnionMap};
use optimist_scop::id::IdVec;
use optimist_scop::model::StmtId;
use std::collections::{BTreeMap, BTreeSet};

/// A position vector.
pub type Position = Vec<i64>;

/// A loop component: positions, and how many loops enclose its outermost own loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// `P(l)`.
    pub positions: BTreeSet<Position>,
    /// The number of loops around the component (its own outermost loop is the next one).
    pub level: usize,
}

/// The schedule of every statement in Loopy's form, and the components.
#[derive(Clone, Debug)]
pub struct LoopySchedule {
    pub(crate) ctx: Ctx,
    /// `M`: the number of iteration entries (the vector has `2M + 1` entries).
    pub m: usize,
    /// Per statement: `S[i] -> [p0, j1, p1, ...]`.
    pub theta: IdVec<StmtId, Map>,
    /// Per statement: the position vectors its instances have.
    pub positions: Vec<BTreeSet<Position>>,
    /// The components by tag.
    pub components: BTreeMap<String, Component>,
}

/// Text of a vector of schedule entries `x0, x1, ...`.
fn xs(n: usize, name: &str) -> Vec<String> {
    (0..n).map(|k| format!("{name}{k}")).collect()
}

/// `p ≺ q` on position entries (even indices) as isl constraint text over `x`.
fn lex_lt_text(q: &[i64], strict: bool) -> String {
    let mut alts = Vec::new();
    for k in 0..q.len() {
        let mut conj: Vec<String> = (0..k).map(|i| format!("x{} = {}", 2 * i, q[i])).collect();
        conj.push(format!("x{} < {}", 2 * k, q[k]));
        alts.push(format!("({})", conj.join(" and ")));
    }
    if !strict {
        let all: Vec<String> = (0..q.len())
            .map(|i| format!("x{} = {}", 2 * i, q[i]))
            .collect();
        alts.push(format!("({})", all.join(" and ")));
    }
    if alts.is_empty() {
        "false".into()
    } else {
        alts.join(" or ")
    }
}

/// `p ∈ P` on position entries as isl constraint text over `x`.
fn member_text(set: &BTreeSet<Position>) -> String {
    let alts: Vec<String> = set
        .iter()
        .map(|p| {
            let c: Vec<String> = p
                .iter()
                .enumerate()
                .map(|(i, v)| format!("x{} = {v}", 2 * i))
                .collect();
            format!("({})", c.join(" and "))
        })
        .collect();
    if alts.is_empty() {
        "false".into()
    } else {
        alts.join(" or ")
    }
}

impl LoopySchedule {
    fn width(&self) -> usize {
        2 * self.m + 1
    }

    /// The schedule of all statements as one relation.
    pub fn union(&self) -> Result<UnionMap, IslError> {
        let mut u = UnionMap::empty(&self.ctx)?;
        for t in &self.theta {
            u = u.union(&t.to_union()?)?;
        }
        Ok(u)
    }

    /// Applies `phi` (on schedule vectors) to every statement, and `pos` to every position set.
    fn apply(
        &mut self,
        phi: &Map,
        pos: &dyn Fn(&Position) -> Vec<Position>,
    ) -> Result<(), IslError> {
        for t in &mut self.theta {
            *t = t.apply_range(phi)?.coalesce()?;
        }
        let map_set = |s: &BTreeSet<Position>| s.iter().flat_map(pos).collect::<BTreeSet<_>>();
        for p in &mut self.positions {
            *p = map_set(p);
        }
        for c in self.components.values_mut() {
            c.positions = map_set(&c.positions);
        }
        Ok(())
    }

    /// `realign(l1, l2, n)`.
    pub fn realign(&mut self, l1: &Component, l2: &Component, n: usize) -> Result<(), String> {
        let p1 = l1
            .positions
            .last()
            .cloned()
            .ok_or("the first component is empty")?;
        let p2 = l2
            .positions
            .first()
            .cloned()
            .ok_or("the second component is empty")?;
        if n > self.m {
            return Err(format!("the nest has only {} loops", self.m));
        }
        let delta: Vec<i64> = (0..=self.m)
            .map(|k| p1[k] - p2[k] + i64::from(k == n))
            .collect();
        let w = self.width();
        let (x, y) = (xs(w, "x"), xs(w, "y"));
        let moved: Vec<String> = (0..w)
            .map(|k| {
                if k % 2 == 0 {
                    format!("y{k} = x{k} + {}", delta[k / 2])
                } else {
                    format!("y{k} = x{k}")
                }
            })
            .collect();
        let same: Vec<String> = (0..w).map(|k| format!("y{k} = x{k}")).collect();
        let text = format!(
            "{{ [{}] -> [{}] : (({}) and {}) or (not ({}) and {}) }}",
            x.join(", "),
            y.join(", "),
            lex_lt_text(&p2, true),
            same.join(" and "),
            lex_lt_text(&p2, true),
            moved.join(" and ")
        );
        let phi = Map::parse(&self.ctx, &text).map_err(|e| e.to_string())?;
        let pos = |p: &Position| {
            if *p >= p2 {
                vec![p.iter().zip(&delta).map(|(a, d)| a + d).collect()]
            } else {
                vec![p.clone()]
            }
        };
        self.apply(&phi, &pos).map_err(|e| e.to_string())
    }

    /// `lift(l1, n)`: the component of the statements sharing `l1`'s first `n` positions.
    pub fn lift(&self, l1: &Component, n: usize) -> Result<Component, String> {
        if n == 0 || n > self.m {
            return Err(format!("lift level {n} must be between 1 and {}", self.m));
        }
        let prefixes: BTreeSet<&[i64]> = l1.positions.iter().map(|p| &p[..n]).collect();
        let positions = self
            .positions
            .iter()
            .flatten()
            .filter(|q| prefixes.contains(&q[..n]))
            .cloned()
            .collect();
        Ok(Component {
            positions,
            level: n - 1,
        })
    }

    /// `affine(l, f)`.
    pub fn affine(&mut self, l: &Component, f: &Map) -> Result<(), String> {
        let e = |e: IslError| e.to_string();
        let a = f.dim(DimType::In).map_err(e)?;
        let b = f.dim(DimType::Out).map_err(e)?;
        if a > self.m {
            return Err(format!(
                "the map takes {a} iterators, the nest has {}",
                self.m
            ));
        }
        if b < a {
            return Err(format!(
                "the map must not reduce the number of iterators ({a} to {b})"
            ));
        }
        if !f.is_single_valued().map_err(e)? || !f.is_injective().map_err(e)? {
            return Err("the map must be a one-to-one function".into());
        }
        let (m, w) = (self.m, self.width());
        let (m2, w2) = (m + b - a, 2 * (m + b - a) + 1);
        let x = xs(w, "x").join(", ");
        let ctx = &self.ctx;
        let parse = |t: String| Map::parse(ctx, &t).map_err(e);
        // The first a iteration entries, through f.
        let first: Vec<String> = (0..a).map(|k| format!("x{}", 2 * k + 1)).collect();
        let fj = parse(format!("{{ [{x}] -> [{}] }}", first.join(", ")))?
            .apply_range(f)
            .map_err(e)?;
        // New positions inside l, and the iteration entries after a.
        let mut pos_in: Vec<String> = (0..=a).map(|k| format!("x{}", 2 * k)).collect();
        pos_in.extend((0..b - a).map(|_| "0".to_string()));
        pos_in.extend((a + 1..=m).map(|k| format!("x{}", 2 * k)));
        let rest: Vec<String> = (a..m).map(|k| format!("x{}", 2 * k + 1)).collect();
        let concat = parse(format!("{{ [{x}] -> [{}] }}", pos_in.join(", ")))?
            .flat_range_product(&fj)
            .map_err(e)?
            .flat_range_product(&parse(format!("{{ [{x}] -> [{}] }}", rest.join(", ")))?)
            .map_err(e)?;
        // From (positions..., iterations...) to the interleaved vector.
        let c = xs(w2, "c");
        let inter: Vec<String> = (0..w2)
            .map(|k| {
                if k % 2 == 0 {
                    c[k / 2].clone()
                } else {
                    c[m2 + 1 + k / 2].clone()
                }
            })
            .collect();
        let interleave = parse(format!(
            "{{ [{}] -> [{}] }}",
            c.join(", "),
            inter.join(", ")
        ))?;
        let inside =
            Set::parse(ctx, &format!("{{ [{x}] : {} }}", member_text(&l.positions))).map_err(e)?;
        let phi_in = concat
            .apply_range(&interleave)
            .map_err(e)?
            .intersect_domain(&inside)
            .map_err(e)?;
        let mut padded: Vec<String> = xs(w, "x");
        padded.extend((0..2 * (b - a)).map(|_| "0".to_string()));
        let outside = inside.complement().map_err(e)?;
        let phi_out = parse(format!("{{ [{x}] -> [{}] }}", padded.join(", ")))?
            .intersect_domain(&outside)
            .map_err(e)?;
        let phi = phi_in.union(&phi_out).map_err(e)?;
        let members = l.positions.clone();
        let pos = move |p: &Position| {
            if members.contains(p) {
                let mut q = p[..=a].to_vec();
                q.extend(std::iter::repeat_n(0, b - a));
                q.extend_from_slice(&p[a + 1..]);
                vec![q]
            } else {
                let mut q = p.clone();
                q.extend(std::iter::repeat_n(0, b - a));
                vec![q]
            }
        };
        self.apply(&phi, &pos).map_err(e)?;
        self.m = m2;
        Ok(())
    }

    /// `isplit(l, pred, n)`: returns the two new components.
    pub fn isplit(
        &mut self,
        l: &Component,
        pred: &Set,
        n: usize,
    ) -> Result<(Component, Component), String> {
        let e = |e: IslError| e.to_string();
        let k = pred.dim(DimType::SET).map_err(e)?;
        if k > self.m || n > self.m {
            return Err(format!(
                "the predicate or level is deeper than the nest ({} loops)",
                self.m
            ));
        }
        let pm = l
            .positions
            .first()
            .cloned()
            .ok_or("the component is empty")?;
        let w = self.width();
        let x = xs(w, "x").join(", ");
        let ctx = &self.ctx;
        let first: Vec<String> = (0..k).map(|i| format!("x{}", 2 * i + 1)).collect();
        let g = Map::parse(ctx, &format!("{{ [{x}] -> [{}] }}", first.join(", "))).map_err(e)?;
        let satisfies = pred.apply(&g.reverse().map_err(e)?).map_err(e)?;
        let before =
            Set::parse(ctx, &format!("{{ [{x}] : {} }}", lex_lt_text(&pm, true))).map_err(e)?;
        let inside =
            Set::parse(ctx, &format!("{{ [{x}] : {} }}", member_text(&l.positions))).map_err(e)?;
        let keep = before
            .union(&inside.intersect(&satisfies).map_err(e)?)
            .map_err(e)?;
        let moved: Vec<String> = (0..w)
            .map(|i| {
                if i == 2 * n {
                    format!("x{i} + 1")
                } else {
                    format!("x{i}")
                }
            })
            .collect();
        let id = Map::parse(ctx, &format!("{{ [{x}] -> [{x}] }}"))
            .map_err(e)?
            .intersect_domain(&keep)
            .map_err(e)?;
        let shift = Map::parse(ctx, &format!("{{ [{x}] -> [{}] }}", moved.join(", ")))
            .map_err(e)?
            .intersect_domain(&keep.complement().map_err(e)?)
            .map_err(e)?;
        let phi = id.union(&shift).map_err(e)?;
        let members = l.positions.clone();
        let bump = move |p: &Position| {
            let mut q = p.clone();
            q[n] += 1;
            q
        };
        let second = Component {
            positions: l.positions.iter().map(bump).collect(),
            level: l.level,
        };
        let pos = move |p: &Position| {
            if *p < pm {
                vec![p.clone()]
            } else if members.contains(p) {
                vec![p.clone(), bump(p)]
            } else {
                vec![bump(p)]
            }
        };
        self.apply(&phi, &pos).map_err(e)?;
        Ok((l.clone(), second))
    }
}

/// The shorthands and their translation into the four operators (or a mark).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shorthand {
    /// `tile(L, s1, ..., sk)`: `affine` on the `k` loops of `L` (after its `level` outer ones),
    /// `[..., i1, ..., ik] -> [..., floor(i1/s1), ..., floor(ik/sk), i1, ..., ik]`.
    Tile(Vec<i64>),
    /// `interchange(L, d1, d2)`: `affine` swapping iteration entries `d1` and `d2` (0-based,
    /// counted from the outermost loop of the nest).
    Interchange(usize, usize),
    /// `reverse(L, d)`: `affine` negating iteration entry `d`.
    Reverse(usize),
    /// `shift(L, d, c)`: `affine` adding `c` to iteration entry `d`.
    Shift(usize, i64),
    /// `skew(L, d_outer, d_inner, f)`: `affine` adding `f` times entry `d_outer` to `d_inner`.
    Skew(usize, usize, i64),
}

/// The deepest loop dimension a shorthand may name, and the most loop dimensions a script's
/// schedule may have (verifying a schedule costs the square of its depth: 32 take a quarter of
/// a second).
pub const MAX_SHORTHAND_DEPTH: usize = 32;

impl Shorthand {
    /// The map `f` of the `affine` operation this shorthand stands for, on a component whose
    /// outermost own loop follows `level` enclosing loops.
    pub fn map(&self, ctx: &Ctx, level: usize) -> Result<Map, String> {
        // A dimension far beyond any nest (found by fuzzing: `skew(L, 0, 12147483648, 1)`
        // asked for a map over twelve billion iterators).
        let deepest = match self {
            Shorthand::Tile(sizes) => level.saturating_add(sizes.len()),
            Shorthand::Interchange(d1, d2) => *d1.max(d2),
            Shorthand::Reverse(d) | Shorthand::Shift(d, _) => *d,
            Shorthand::Skew(o, i, _) => *o.max(i),
        };
        if deepest >= MAX_SHORTHAND_DEPTH {
            return Err(format!(
                "loop dimension {deepest} is beyond any nest (at most {MAX_SHORTHAND_DEPTH})"
            ));
        }
        let iters = |n: usize| (0..n).map(|k| format!("i{k}")).collect::<Vec<_>>();
        let (a, out): (usize, Vec<String>) = match self {
            Shorthand::Tile(sizes) => {
                if sizes.iter().any(|&s| s <= 0) {
                    return Err("tile sizes must be positive".into());
                }
                let a = level + sizes.len();
                let i = iters(a);
                let mut out: Vec<String> = i[..level].to_vec();
                out.extend(
                    sizes
                        .iter()
                        .enumerate()
                        .map(|(k, s)| format!("floor({}/{s})", i[level + k])),
                );
                out.extend(i[level..].iter().cloned());
                (a, out)
            }
            Shorthand::Interchange(d1, d2) => {
                let a = d1.max(d2) + 1;
                let mut out = iters(a);
                out.swap(*d1, *d2);
                (a, out)
            }
            Shorthand::Reverse(d) => {
                let mut out = iters(d + 1);
                out[*d] = format!("-{}", out[*d]);
                (d + 1, out)
            }
            Shorthand::Shift(d, c) => {
                let mut out = iters(d + 1);
                out[*d] = format!("{} + {c}", out[*d]);
                (d + 1, out)
            }
            Shorthand::Skew(o, i, f) => {
                if o >= i {
                    return Err("skew needs an outer loop before the inner one".into());
                }
                let mut out = iters(i + 1);
                out[*i] = format!("{} + {f} * i{o}", out[*i]);
                (i + 1, out)
            }
        };
        let text = format!("{{ [{}] -> [{}] }}", iters(a).join(", "), out.join(", "));
        Map::parse(ctx, &text).map_err(|e| e.to_string())
    }
}
