//! What a decision points at, typed so that an emitter can always carry it out: an element of
//! an array ([`ArrayAccess`], never a scalar), a statement of a loop's body ([`StmtAt`]), a
//! vector of a shape every back end has ([`VectorShape`]).

use super::{DNode, MicroKernel, lanes_of};
use crate::ast::StmtNode;
use optimist_scop::ir::ArrayId;
use optimist_scop::model::{AccessId, ArrayOrigin, Scop};
use optimist_scop::types::Type;

/// An access to an array with dimensions, not to a scalar: what a decision reads before a
/// loop, keeps in a register, blocks or runs in lanes points at one, so that an emitter always
/// has its address. Made only by [`ArrayAccess::of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct ArrayAccess {
    access: AccessId,
    array: ArrayId,
}

impl ArrayAccess {
    /// `a` when it reaches an array with dimensions (`None`: a scalar).
    pub(crate) fn of(scop: &Scop, a: AccessId) -> Option<ArrayAccess> {
        Self::or_scalar(scop, a).ok()
    }

    /// `a` when it reaches an array with dimensions, else the scalar variable it reaches.
    pub(crate) fn or_scalar(
        scop: &Scop,
        a: AccessId,
    ) -> Result<ArrayAccess, optimist_scop::ir::VarId> {
        match scop.array(scop.access(a).array).origin {
            ArrayOrigin::Array(array) => Ok(ArrayAccess { access: a, array }),
            ArrayOrigin::Scalar(v) => Err(v),
        }
    }

    /// The access.
    pub(crate) fn access(self) -> AccessId {
        self.access
    }

    /// The program array it reaches.
    pub(crate) fn array(self) -> ArrayId {
        self.array
    }
}

/// A statement of a loop's body, by its place among the body's statements: how a decision
/// points at the statement of an access ([`Carried`], [`Lanes`], [`Promoted`]). A body may
/// hold one model statement several times (a short loop unrolled), so a [`StmtId`] would not
/// do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StmtAt(pub(crate) usize);

impl StmtAt {
    /// The statement node it points at in `body`.
    pub(crate) fn of(self, body: &[DNode]) -> Option<&StmtNode> {
        body.iter()
            .filter_map(|n| match n {
                DNode::Stmt(s) => Some(s),
                _ => None,
            })
            .nth(self.0)
    }
}

/// A vector: its lanes' type and how many lanes ([`lanes_of`]: a power of two from 2 to 64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct VectorShape {
    /// The type of a lane.
    pub elem: Type,
    /// The lanes.
    pub lanes: i64,
}

impl MicroKernel {
    /// The bytes of a vector.
    pub(crate) fn vector_bytes(&self) -> i64 {
        self.shape.bytes()
    }
}

impl VectorShape {
    /// The bytes of a vector.
    pub(crate) fn bytes(self) -> i64 {
        self.lanes * self.elem.size() as i64
    }

    /// Vectors of `bytes` ([`optimist_loopy::Target::vector_bytes`]) with lanes of `elem`,
    /// when the vector code handles them.
    pub(crate) fn of(elem: Type, bytes: i64) -> Option<VectorShape> {
        Some(VectorShape {
            elem,
            lanes: lanes_of(elem, bytes)?,
        })
    }
}
