//! The one walk over the decided tree (in the manner of Polly's schedule-tree visitor): every
//! analysis of a [`Decided`] tree ([`Decided::forks`], [`Decided::packs`], what `decide`
//! checks of the loops inside a loop) is a [`Visitor`] that says what it does at a node and
//! leaves the order and the children to [`walk`]; every rewrite of decided loops is
//! [`map_loops`]. A new kind of node or a new [`Exec`] with nodes of its own is added to the
//! children here once, and every analysis sees it.

use super::*;
use crate::ast::StmtNode;

/// What an analysis does at the nodes of a decided tree ([`walk`]). Every method has a
/// default that does nothing and goes on.
pub(crate) trait Visitor<'a> {
    /// Before the children of `n`; `false` skips them (and [`Visitor::leave`]).
    fn enter(&mut self, n: Visit<'a>) -> bool {
        let _ = n;
        true
    }
    /// After the children of `n`.
    fn leave(&mut self, n: Visit<'a>) {
        let _ = n;
    }
}

/// A node of the decided tree as [`walk`] meets it.
#[derive(Clone, Copy)]
pub(crate) enum Visit<'a> {
    /// A loop: [`DNode::For`], a [`Jam`]'s vector loop, a [`Block`]'s loop as written.
    Loop(&'a DLoop),
    /// A condition ([`DNode::If`]).
    If(&'a AExpr),
    /// A statement ([`DNode::Stmt`]).
    Stmt,
    /// A parallel region ([`DNode::Region`]).
    Region,
    /// A packed operand ([`DNode::Packed`]).
    Packed(&'a Pack),
}

/// Walks `nodes` in order, each node before its children: a loop's body, then the nodes its
/// execution holds ([`Jam::lanes`] and [`Jam::rest`], [`Block::serial`]); a condition's
/// branches; a region's and a pack's body.
pub(crate) fn walk<'a>(nodes: &'a [DNode], v: &mut impl Visitor<'a>) {
    for n in nodes {
        match n {
            DNode::For(l) => walk_loop(l, v),
            DNode::If { cond, then, els } => {
                if v.enter(Visit::If(cond)) {
                    walk(then, v);
                    walk(els, v);
                    v.leave(Visit::If(cond));
                }
            }
            DNode::Stmt(_) => {
                if v.enter(Visit::Stmt) {
                    v.leave(Visit::Stmt);
                }
            }
            DNode::Region { body, .. } => {
                if v.enter(Visit::Region) {
                    walk(body, v);
                    v.leave(Visit::Region);
                }
            }
            DNode::Packed { pack, body } => {
                if v.enter(Visit::Packed(pack)) {
                    walk(body, v);
                    v.leave(Visit::Packed(pack));
                }
            }
        }
    }
}

fn walk_loop<'a>(l: &'a DLoop, v: &mut impl Visitor<'a>) {
    if !v.enter(Visit::Loop(l)) {
        return;
    }
    walk(&l.body, v);
    match &l.exec {
        Exec::Jammed(j) => {
            walk_loop(&j.lanes, v);
            walk(&j.rest, v);
        }
        Exec::Block(b) => walk_loop(&b.serial, v),
        _ => {}
    }
    v.leave(Visit::Loop(l));
}

/// `nodes` with every loop replaced by `f` of it, innermost first (a loop's body, and the
/// loops its execution holds, are rewritten before it).
pub(crate) fn map_loops(nodes: Vec<DNode>, f: &mut impl FnMut(DLoop) -> DNode) -> Vec<DNode> {
    nodes.into_iter().map(|n| map_node(n, f)).collect()
}

/// `n` with every loop replaced by `f` of it ([`map_loops`]).
pub(crate) fn map_node(n: DNode, f: &mut impl FnMut(DLoop) -> DNode) -> DNode {
    match n {
        DNode::For(l) => map_loop(*l, f),
        DNode::If { cond, then, els } => DNode::If {
            cond,
            then: map_loops(then, f),
            els: map_loops(els, f),
        },
        DNode::Stmt(s) => DNode::Stmt(s),
        DNode::Region {
            private,
            body,
            fork,
        } => DNode::Region {
            private,
            body: map_loops(body, f),
            fork,
        },
        DNode::Packed { pack, body } => DNode::Packed {
            pack,
            body: map_loops(body, f),
        },
    }
}

fn map_loop(mut l: DLoop, f: &mut impl FnMut(DLoop) -> DNode) -> DNode {
    l.body = map_loops(std::mem::take(&mut l.body), f);
    match &mut l.exec {
        Exec::Jammed(j) => {
            j.lanes.body = map_loops(std::mem::take(&mut j.lanes.body), f);
            j.rest = map_loops(std::mem::take(&mut j.rest), f);
        }
        Exec::Block(b) => {
            b.serial.body = map_loops(std::mem::take(&mut b.serial.body), f);
        }
        _ => {}
    }
    f(l)
}

/// Whether loop `l` runs on threads: its iterations on threads, jammed copies on threads, or
/// lanes shared among threads.
pub(crate) fn on_threads(l: &DLoop) -> bool {
    match &l.exec {
        Exec::Threads { .. } => true,
        Exec::Jammed(j) => j.threads,
        Exec::Lanes(lanes) => lanes.share != Share::No,
        _ => false,
    }
}

/// Whether anything in `nodes` runs on threads: a loop ([`on_threads`]) or a parallel
/// region.
pub(crate) fn forks(nodes: &[DNode]) -> bool {
    struct Forks(bool);
    impl<'a> Visitor<'a> for Forks {
        fn enter(&mut self, n: Visit<'a>) -> bool {
            self.0 |= match n {
                Visit::Loop(l) => on_threads(l),
                Visit::Region => true,
                _ => false,
            };
            !self.0
        }
    }
    let mut v = Forks(false);
    walk(nodes, &mut v);
    v.0
}

/// What a back end (or the display) makes of each kind of node of a decided tree. The one
/// dispatch over [`DNode`] is [`Emitter::nodes`]: a new kind of node is a method here and one in
/// each emitter (the C printer, the native lowering, `show ast`), and a new [`Exec`] an arm of
/// each emitter's [`Emitter::for_loop`].
pub(crate) trait Emitter {
    /// What emitting can fail with (native code's `CodegenError`; text cannot fail).
    type Error;
    /// A loop, as its [`Exec`] says.
    fn for_loop(&mut self, l: &DLoop) -> Result<(), Self::Error>;
    /// `if (cond) then else els`.
    fn branch(&mut self, cond: &AExpr, then: &[DNode], els: &[DNode]) -> Result<(), Self::Error>;
    /// One statement instance.
    fn stmt(&mut self, s: &StmtNode) -> Result<(), Self::Error>;
    /// A parallel region around `body` ([`DNode::Region`]).
    fn region(
        &mut self,
        private: &[usize],
        body: &[DNode],
        fork: Option<&Fork>,
    ) -> Result<(), Self::Error>;
    /// `body` with an operand packed first ([`DNode::Packed`]).
    fn packed(&mut self, pack: &Pack, body: &[DNode]) -> Result<(), Self::Error>;
    /// The nodes, in order.
    fn nodes(&mut self, nodes: &[DNode]) -> Result<(), Self::Error> {
        for n in nodes {
            match n {
                DNode::For(l) => self.for_loop(l)?,
                DNode::If { cond, then, els } => self.branch(cond, then, els)?,
                DNode::Stmt(s) => self.stmt(s)?,
                DNode::Region {
                    private,
                    body,
                    fork,
                } => self.region(private, body, fork.as_ref())?,
                DNode::Packed { pack, body } => self.packed(pack, body)?,
            }
        }
        Ok(())
    }
}
