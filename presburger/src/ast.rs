//! AST generation from schedules (`isl_ast_build`) and the generated loop AST.
//!
//! [`AstBuild::node_from_schedule`] turns a schedule tree into an [`AstNode`]. A callback set
//! with [`AstBuild::set_at_each_domain`] sees every statement instance group as it is emitted,
//! together with the build at that point, so a code generator can compute expressions in terms
//! of the generated loop iterators ([`AstBuild::access_from_pw_multi_aff`]) and tag the node
//! with an [`Id`] annotation to find them again. [`AstNode::kind`] and [`AstExpr::kind`] give
//! typed views for walking the tree.

use crate::aff::{PwAff, PwMultiAff, Val};
use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::ffi;
use crate::handle::{Handle, isl_handle, take_c_string};
use crate::schedule::Schedule;
use crate::set::{Id, Set, UnionMap, int};
use std::any::Any;
use std::cell::RefCell;
use std::ffi::c_void;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::ptr::NonNull;
use std::rc::Rc;

isl_handle!(
    /// A node of a generated loop AST (`isl_ast_node`). isl has no equality test for AST
    /// nodes, so `==` compares their printed forms, and no parser: nodes come from
    /// [`AstBuild::node_from_schedule`].
    AstNode, isl_ast_node, isl_ast_node_copy, isl_ast_node_free, isl_ast_node_to_str, -
);
isl_handle!(
    /// An expression of a generated loop AST (`isl_ast_expr`).
    AstExpr, isl_ast_expr, isl_ast_expr_copy, isl_ast_expr_free, isl_ast_expr_to_str,
    isl_ast_expr_is_equal
);

type AtEachDomain = dyn FnMut(AstNode, &AstBuild) -> Result<AstNode>;

/// The callback of a build and what it left behind when it failed.
struct Callback {
    ctx: Ctx,
    f: RefCell<Box<AtEachDomain>>,
    error: RefCell<Option<Error>>,
    panic: RefCell<Option<Box<dyn Any + Send>>>,
}

/// The state of AST generation (`isl_ast_build`): the context, the options and callbacks.
///
/// isl has no notation for a build: its `Display` prints only an address and `==` compares
/// identity of that text, so compare builds by what they generate.
pub struct AstBuild {
    ptr: NonNull<ffi::isl_ast_build>,
    ctx: Ctx,
    /// Keeps the closure alive as long as isl may call it (isl copies the pointer along with
    /// the build, so clones share it).
    callback: Option<Rc<Callback>>,
}

impl Handle for AstBuild {
    type Raw = ffi::isl_ast_build;
    fn from_parts(ctx: Ctx, ptr: NonNull<Self::Raw>) -> Self {
        AstBuild {
            ptr,
            ctx,
            callback: None,
        }
    }
    fn keep(&self) -> ffi::Keep<Self::Raw> {
        ffi::Keep(self.ptr.as_ptr())
    }
    fn take(&self) -> ffi::Take<Self::Raw> {
        // SAFETY: `self.ptr` is live; isl_ast_build_copy bumps a reference count.
        ffi::Take(unsafe { ffi::isl_ast_build_copy(self.keep()) })
    }
    unsafe fn copy_raw(ptr: NonNull<Self::Raw>) -> *mut Self::Raw {
        // SAFETY: per the contract, `ptr` is live.
        unsafe { ffi::isl_ast_build_copy(ffi::Keep(ptr.as_ptr())) }
    }
}

impl Drop for AstBuild {
    fn drop(&mut self) {
        // SAFETY: `self` owns one reference.
        unsafe { ffi::isl_ast_build_free(ffi::Take(self.ptr.as_ptr())) };
    }
}

impl Clone for AstBuild {
    /// Another reference to the same build, sharing its callback.
    ///
    /// # Panics
    /// Only when isl runs out of memory while copying.
    fn clone(&self) -> Self {
        let ptr = NonNull::new(self.take().into_raw()).expect("isl_ast_build_copy: out of memory");
        AstBuild {
            ptr,
            ctx: self.ctx.clone(),
            callback: self.callback.clone(),
        }
    }
}

impl std::fmt::Debug for AstBuild {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "AstBuild({:p}, callback: {})",
            self.ptr,
            self.callback.is_some()
        )
    }
}

impl std::fmt::Display for AstBuild {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<AstBuild {:p}>", self.ptr)
    }
}

impl PartialEq for AstBuild {
    /// Identity: two handles to the same isl build.
    fn eq(&self, other: &Self) -> bool {
        self.ptr == other.ptr
    }
}

unsafe extern "C" fn at_each_domain_trampoline(
    node: *mut ffi::isl_ast_node,
    build: *mut ffi::isl_ast_build,
    user: *mut c_void,
) -> *mut ffi::isl_ast_node {
    // SAFETY: `user` is the `Callback` held in an `Rc` by the `AstBuild` that registered it,
    // which is alive while isl generates code from it.
    let cb = unsafe { &*user.cast::<Callback>() };
    // SAFETY: `node` is handed to us (`__isl_take`); `build` is kept by isl for the duration of
    // the call, so we take our own reference to it.
    let node = NonNull::new(node).map(|p| AstNode::from_parts(cb.ctx.clone(), p));
    // SAFETY: see above.
    let build = NonNull::new(unsafe { ffi::isl_ast_build_copy(ffi::Keep(build)) })
        .map(|p| AstBuild::from_parts(cb.ctx.clone(), p));
    let (Some(node), Some(build)) = (node, build) else {
        return std::ptr::null_mut();
    };
    // A callback that starts AST generation again with the same build would re-enter itself.
    let Ok(mut f) = cb.f.try_borrow_mut() else {
        *cb.error.borrow_mut() = Some(Error::InvalidArgument(
            "AST generation re-entered an at-each-domain callback".into(),
        ));
        return std::ptr::null_mut();
    };
    match catch_unwind(AssertUnwindSafe(|| f(node, &build))) {
        Ok(Ok(node)) => node.take().into_raw(),
        Ok(Err(e)) => {
            *cb.error.borrow_mut() = Some(e);
            std::ptr::null_mut()
        }
        Err(payload) => {
            *cb.panic.borrow_mut() = Some(payload);
            std::ptr::null_mut()
        }
    }
}

impl AstBuild {
    /// A build for code that may assume the parameter constraints `context` (a parameter set).
    pub fn from_context(context: &Set) -> Result<AstBuild> {
        // SAFETY: the copy is taken.
        context
            .ctx()
            .wrap(unsafe { ffi::isl_ast_build_from_context(context.take()) })
    }

    /// The context of the build.
    pub fn ctx(&self) -> &Ctx {
        &self.ctx
    }

    /// Calls `f` on each user node (a group of statement instances) as it is generated, with
    /// the build at that point. `f` returns the node to put in the AST, usually the same node
    /// with an annotation ([`AstNode::with_annotation`]). An error or panic in `f` makes
    /// [`AstBuild::node_from_schedule`] fail with that error (or panic).
    pub fn set_at_each_domain(
        &self,
        f: impl FnMut(AstNode, &AstBuild) -> Result<AstNode> + 'static,
    ) -> Result<AstBuild> {
        let cb = Rc::new(Callback {
            ctx: self.ctx.clone(),
            f: RefCell::new(Box::new(f)),
            error: RefCell::new(None),
            panic: RefCell::new(None),
        });
        let user = Rc::as_ptr(&cb).cast_mut().cast::<c_void>();
        // SAFETY: the copy is taken; `cb` lives in the returned build (and its clones) for as
        // long as isl may call the trampoline.
        let raw = unsafe {
            ffi::isl_ast_build_set_at_each_domain(self.take(), at_each_domain_trampoline, user)
        };
        let mut build: AstBuild = self.ctx.wrap(raw)?;
        build.callback = Some(cb);
        Ok(build)
    }

    /// A build whose generated loops use `ids` as their iterators: the loop of schedule
    /// dimension `d` has `ids[d]` (isl's own `c<d>` for dimensions beyond the list). A loop's
    /// iterator then says which schedule dimension it runs, without reading its name.
    pub fn set_iterators(&self, ids: &[Id]) -> Result<AstBuild> {
        // Everything that can fail in Rust happens before the list exists, so it cannot leak.
        let n = crate::set::int(ids.len())?;
        for id in ids {
            self.ctx.same(id.ctx())?;
        }
        // SAFETY: the context is live; each `isl_id_list_add` takes the list and the id (and
        // frees both and returns null on failure, which the last call reports).
        let mut list = unsafe { ffi::isl_id_list_alloc(self.ctx.raw(), n) };
        for id in ids {
            // SAFETY: as above.
            list = unsafe { ffi::isl_id_list_add(ffi::Take(list), id.take()) };
        }
        // SAFETY: the build copy and the list are taken.
        let raw = unsafe { ffi::isl_ast_build_set_iterators(self.take(), ffi::Take(list)) };
        let mut build: AstBuild = self.ctx.wrap(raw)?;
        build.callback = self.callback.clone();
        Ok(build)
    }

    /// Generates the AST for `schedule`.
    pub fn node_from_schedule(&self, schedule: &Schedule) -> Result<AstNode> {
        self.ctx.same(schedule.ctx())?;
        // SAFETY: the build is kept, the schedule copy is taken.
        let raw = unsafe { ffi::isl_ast_build_node_from_schedule(self.keep(), schedule.take()) };
        if let Some(cb) = &self.callback {
            if let Some(payload) = cb.panic.borrow_mut().take() {
                let _ = self.ctx.take_error();
                if !raw.is_null() {
                    // SAFETY: we own the result and drop it.
                    unsafe { ffi::isl_ast_node_free(ffi::Take(raw)) };
                }
                resume_unwind(payload);
            }
            if let Some(e) = cb.error.borrow_mut().take() {
                let _ = self.ctx.take_error();
                if !raw.is_null() {
                    // SAFETY: we own the result and drop it.
                    unsafe { ffi::isl_ast_node_free(ffi::Take(raw)) };
                }
                return Err(e);
            }
        }
        self.ctx.wrap(raw)
    }

    /// The expression computing `pa` from the iterators of the loops around the current point.
    pub fn expr_from_pw_aff(&self, pa: &PwAff) -> Result<AstExpr> {
        self.ctx.same(pa.ctx())?;
        // SAFETY: the build is kept, the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_ast_build_expr_from_pw_aff(self.keep(), pa.take()) })
    }

    /// The condition "the point lies in `set`" as a boolean expression (`set` lives in the
    /// build's space, usually a parameter set for a run-time check).
    pub fn expr_from_set(&self, set: &Set) -> Result<AstExpr> {
        self.ctx.same(set.ctx())?;
        // SAFETY: the build is kept, the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_ast_build_expr_from_set(self.keep(), set.take()) })
    }

    /// An access expression `A[e1][e2]...` for `pma` (whose range tuple names the array),
    /// in terms of the iterators of the loops around the current point.
    pub fn access_from_pw_multi_aff(&self, pma: &PwMultiAff) -> Result<AstExpr> {
        self.ctx.same(pma.ctx())?;
        // SAFETY: the build is kept, the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_ast_build_access_from_pw_multi_aff(self.keep(), pma.take()) })
    }

    /// A call expression `f(e1, e2, ...)` for `pma` (whose range tuple names the function).
    pub fn call_from_pw_multi_aff(&self, pma: &PwMultiAff) -> Result<AstExpr> {
        self.ctx.same(pma.ctx())?;
        // SAFETY: the build is kept, the copy is taken.
        self.ctx
            .wrap(unsafe { ffi::isl_ast_build_call_from_pw_multi_aff(self.keep(), pma.take()) })
    }

    /// At the current point of generation: the relation from the instances being generated to
    /// the values of the outer loop iterators (the "schedule" of the build).
    pub fn schedule(&self) -> Result<UnionMap> {
        // SAFETY: the build is kept.
        self.ctx
            .wrap(unsafe { ffi::isl_ast_build_get_schedule(self.keep()) })
    }
}

/// A typed view of an [`AstNode`].
#[derive(Clone, Debug, PartialEq)]
pub enum AstNodeKind {
    /// `for (iterator = init; cond; iterator += inc) body`.
    For {
        /// The iterator (an identifier expression).
        iterator: AstExpr,
        /// Its initial value.
        init: AstExpr,
        /// The loop condition.
        cond: AstExpr,
        /// The increment.
        inc: AstExpr,
        /// The loop body.
        body: AstNode,
        /// Whether the loop runs exactly once (isl still reports it as a `for`).
        degenerate: bool,
    },
    /// `if (cond) then_node else else_node`.
    If {
        /// The condition.
        cond: AstExpr,
        /// The then branch.
        then_node: AstNode,
        /// The else branch, if any.
        else_node: Option<AstNode>,
    },
    /// A sequence of nodes.
    Block(Vec<AstNode>),
    /// A mark from the schedule tree, around `node`.
    Mark {
        /// The mark's identifier.
        id: Id,
        /// The marked subtree.
        node: AstNode,
    },
    /// A statement: a call expression `S(i, j)` naming the statement and its instance.
    User(AstExpr),
}

impl AstNode {
    /// Calls a getter that keeps the node and returns a new object.
    fn get<T: Handle>(
        &self,
        f: unsafe extern "C" fn(ffi::Keep<ffi::isl_ast_node>) -> *mut T::Raw,
    ) -> Result<T> {
        // SAFETY: `f` is one of isl's `isl_ast_node_*_get_*` functions: it keeps the (live) node
        // and gives a new object, or null with an error recorded when the node has another type.
        self.ctx().wrap(unsafe { f(self.keep()) })
    }

    /// Calls a predicate that keeps the node.
    fn test(
        &self,
        f: unsafe extern "C" fn(ffi::Keep<ffi::isl_ast_node>) -> ffi::Bool,
    ) -> Result<bool> {
        // SAFETY: as in `get`, for a predicate.
        self.ctx().bool(unsafe { f(self.keep()) })
    }

    /// The node as a typed view.
    pub fn kind(&self) -> Result<AstNodeKind> {
        // SAFETY: the node is live and kept.
        let t = unsafe { ffi::isl_ast_node_get_type(self.keep()) };
        Ok(match t {
            1 => AstNodeKind::For {
                iterator: self.get(ffi::isl_ast_node_for_get_iterator)?,
                init: self.get(ffi::isl_ast_node_for_get_init)?,
                cond: self.get(ffi::isl_ast_node_for_get_cond)?,
                inc: self.get(ffi::isl_ast_node_for_get_inc)?,
                body: self.get(ffi::isl_ast_node_for_get_body)?,
                degenerate: self.test(ffi::isl_ast_node_for_is_degenerate)?,
            },
            2 => AstNodeKind::If {
                cond: self.get(ffi::isl_ast_node_if_get_cond)?,
                then_node: self.get(ffi::isl_ast_node_if_get_then_node)?,
                else_node: if self.test(ffi::isl_ast_node_if_has_else_node)? {
                    Some(self.get(ffi::isl_ast_node_if_get_else_node)?)
                } else {
                    None
                },
            },
            3 => AstNodeKind::Block(self.children()?),
            4 => AstNodeKind::Mark {
                id: self.get(ffi::isl_ast_node_mark_get_id)?,
                node: self.get(ffi::isl_ast_node_mark_get_node)?,
            },
            5 => AstNodeKind::User(self.get(ffi::isl_ast_node_user_get_expr)?),
            _ => return Err(self.ctx().failure()),
        })
    }

    /// The children of a block node.
    fn children(&self) -> Result<Vec<AstNode>> {
        let ctx = self.ctx();
        // SAFETY: the node is live and kept; the list is ours and freed below.
        let list = unsafe { ffi::isl_ast_node_block_get_children(self.keep()) };
        if list.is_null() {
            return Err(ctx.failure());
        }
        // SAFETY: `list` is live until freed below.
        let n = ctx.size(unsafe { ffi::isl_ast_node_list_size(ffi::Keep(list)) });
        let children = n.and_then(|n| {
            (0..n)
                .map(|i| {
                    let i = int(i)?;
                    // SAFETY: `list` is live and `i` in range; each element is a new reference.
                    ctx.wrap(unsafe { ffi::isl_ast_node_list_get_at(ffi::Keep(list), i) })
                })
                .collect()
        });
        // SAFETY: we own the list.
        unsafe { ffi::isl_ast_node_list_free(ffi::Take(list)) };
        children
    }

    /// The annotation attached by an at-each-domain callback, if any.
    pub fn annotation(&self) -> Option<Id> {
        // SAFETY: the node is live and kept; a missing annotation is null without an error.
        let raw = unsafe { ffi::isl_ast_node_get_annotation(self.keep()) };
        self.ctx().wrap(raw).ok()
    }

    /// The same node annotated with `id`.
    pub fn with_annotation(&self, id: &Id) -> Result<AstNode> {
        self.ctx().same(id.ctx())?;
        // SAFETY: both copies are taken.
        self.ctx()
            .wrap(unsafe { ffi::isl_ast_node_set_annotation(self.take(), id.take()) })
    }

    /// The AST printed as C code (statements appear as calls, such as `S(c0, c1);`).
    pub fn to_c(&self) -> Result<String> {
        // SAFETY: the node is live and kept; we own and free the string.
        let s = unsafe { take_c_string(ffi::isl_ast_node_to_C_str(self.keep())) };
        s.ok_or_else(|| self.ctx().failure())
    }
}

/// The operators of AST expressions (`enum isl_ast_expr_op_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AstOp {
    /// `a && b` (both evaluated).
    And,
    /// `a && b` (short-circuit).
    AndThen,
    /// `a || b` (both evaluated).
    Or,
    /// `a || b` (short-circuit).
    OrElse,
    /// `max(a, b, ...)`.
    Max,
    /// `min(a, b, ...)`.
    Min,
    /// `-a`.
    Minus,
    /// `a + b`.
    Add,
    /// `a - b`.
    Sub,
    /// `a * b`.
    Mul,
    /// Exact division `a / b`.
    Div,
    /// `floor(a / b)`, rounding towards −∞.
    FdivQ,
    /// `a / b` where `a` is known to be non-negative.
    PdivQ,
    /// `a % b` where `a` is known to be non-negative.
    PdivR,
    /// `a % b` whose result is only compared against zero.
    ZdivR,
    /// `a ? b : c` (only the chosen branch evaluated).
    Cond,
    /// `a ? b : c` (both branches may be evaluated).
    Select,
    /// `a == b`.
    Eq,
    /// `a <= b`.
    Le,
    /// `a < b`.
    Lt,
    /// `a >= b`.
    Ge,
    /// `a > b`.
    Gt,
    /// A call: the first argument is the function identifier.
    Call,
    /// An array access: the first argument is the array identifier.
    Access,
    /// `a.b`.
    Member,
    /// `&a`.
    AddressOf,
}

impl AstOp {
    /// The C operator of a binary operation written infix (`+`, `<=`, `&&`, ...); `None` for
    /// the others (min, max, floor division, conditionals, unary minus, calls, accesses).
    pub fn c_infix(self) -> Option<&'static str> {
        Some(match self {
            AstOp::And | AstOp::AndThen => "&&",
            AstOp::Or | AstOp::OrElse => "||",
            AstOp::Add => "+",
            AstOp::Sub => "-",
            AstOp::Mul => "*",
            AstOp::Div | AstOp::PdivQ => "/",
            AstOp::PdivR | AstOp::ZdivR => "%",
            AstOp::Eq => "==",
            AstOp::Le => "<=",
            AstOp::Lt => "<",
            AstOp::Ge => ">=",
            AstOp::Gt => ">",
            _ => return None,
        })
    }
}

const AST_OPS: [AstOp; 26] = [
    AstOp::And,
    AstOp::AndThen,
    AstOp::Or,
    AstOp::OrElse,
    AstOp::Max,
    AstOp::Min,
    AstOp::Minus,
    AstOp::Add,
    AstOp::Sub,
    AstOp::Mul,
    AstOp::Div,
    AstOp::FdivQ,
    AstOp::PdivQ,
    AstOp::PdivR,
    AstOp::ZdivR,
    AstOp::Cond,
    AstOp::Select,
    AstOp::Eq,
    AstOp::Le,
    AstOp::Lt,
    AstOp::Ge,
    AstOp::Gt,
    AstOp::Call,
    AstOp::Access,
    AstOp::Member,
    AstOp::AddressOf,
];

/// A typed view of an [`AstExpr`].
#[derive(Clone, Debug, PartialEq)]
pub enum AstExprKind {
    /// An operation and its arguments.
    Op(AstOp, Vec<AstExpr>),
    /// An identifier: a loop iterator, a parameter, an array or statement name.
    Id(Id),
    /// An integer constant.
    Int(Val),
}

impl AstExpr {
    /// The expression as a typed view.
    pub fn kind(&self) -> Result<AstExprKind> {
        let ctx = self.ctx();
        let p = self.keep();
        // SAFETY: the expression is live and kept.
        let t = unsafe { ffi::isl_ast_expr_get_type(p) };
        Ok(match t {
            0 => {
                // SAFETY: as above; the expression is an operation.
                let op = unsafe { ffi::isl_ast_expr_op_get_type(p) };
                let op = usize::try_from(op)
                    .ok()
                    .and_then(|i| AST_OPS.get(i).copied())
                    .ok_or_else(|| ctx.failure())?;
                // SAFETY: as above.
                let n = ctx.size(unsafe { ffi::isl_ast_expr_op_get_n_arg(p) })?;
                let args = (0..n)
                    // SAFETY: as above; `i` is in range and each argument is a new reference.
                    .map(|i| ctx.wrap(unsafe { ffi::isl_ast_expr_op_get_arg(p, int(i)?) }))
                    .collect::<Result<Vec<AstExpr>>>()?;
                AstExprKind::Op(op, args)
            }
            // SAFETY: as above; the expression is an identifier.
            1 => AstExprKind::Id(ctx.wrap(unsafe { ffi::isl_ast_expr_id_get_id(p) })?),
            // SAFETY: as above; the expression is an integer.
            2 => AstExprKind::Int(ctx.wrap(unsafe { ffi::isl_ast_expr_int_get_val(p) })?),
            _ => return Err(ctx.failure()),
        })
    }

    /// The expression printed as C.
    pub fn to_c(&self) -> Result<String> {
        // SAFETY: the expression is live and kept; we own and free the string.
        let s = unsafe { take_c_string(ffi::isl_ast_expr_to_C_str(self.keep())) };
        s.ok_or_else(|| self.ctx().failure())
    }
}
