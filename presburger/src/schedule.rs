//! Schedule trees, the scheduler (`ScheduleConstraints`) and dataflow analysis
//! (`UnionAccessInfo::compute_flow`).

use crate::aff::{MultiUnionPwAff, MultiVal, UnionPwMultiAff};
use crate::ctx::Ctx;
use crate::error::{Error, Result};
use crate::ffi;
use crate::handle::{Handle, isl_handle, isl_methods};
use crate::set::{Id, Set, Space, UnionMap, UnionSet, int};

isl_handle!(
    /// A schedule tree (`isl_schedule`): the execution order of the instances of a union set.
    /// Equality is structural (`plain_is_equal`).
    Schedule, isl_schedule, isl_schedule_copy, isl_schedule_free, isl_schedule_to_str,
    isl_schedule_plain_is_equal
);
isl_handle!(
    /// A position in a schedule tree (`isl_schedule_node`). Editing a node returns a new node
    /// in a new tree; [`ScheduleNode::schedule`] gives that tree.
    ScheduleNode, isl_schedule_node, isl_schedule_node_copy, isl_schedule_node_free,
    isl_schedule_node_to_str, isl_schedule_node_is_equal
);
isl_handle!(
    /// The input of isl's scheduler (`isl_schedule_constraints`): a domain and the
    /// dependences the schedule must respect or should optimize.
    ScheduleConstraints, isl_schedule_constraints, isl_schedule_constraints_copy,
    isl_schedule_constraints_free, isl_schedule_constraints_to_str, -
);
isl_handle!(
    /// The input of isl's dataflow analysis (`isl_union_access_info`): sinks (reads), sources
    /// (writes), kills, and the schedule that orders them.
    UnionAccessInfo, isl_union_access_info, isl_union_access_info_copy,
    isl_union_access_info_free, isl_union_access_info_to_str, -
);
isl_handle!(
    /// The result of isl's dataflow analysis (`isl_union_flow`).
    UnionFlow, isl_union_flow, isl_union_flow_copy, isl_union_flow_free, isl_union_flow_to_str, -
);

/// The kind of a schedule tree node (`enum isl_schedule_node_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScheduleNodeType {
    /// A band of schedule dimensions (loops).
    Band,
    /// Constraints on the parameters valid below the node.
    Context,
    /// The root: the domain of the schedule.
    Domain,
    /// An expansion of the domain.
    Expansion,
    /// Extra instances introduced below the node.
    Extension,
    /// Restricts the instances below the node.
    Filter,
    /// A leaf.
    Leaf,
    /// A guard condition on the parameters and outer schedule dimensions.
    Guard,
    /// A mark carrying an identifier.
    Mark,
    /// Children (filters) run one after the other.
    Sequence,
    /// Children (filters) run in any order.
    Set,
}

/// How the AST generator should emit one band member (`enum isl_ast_loop_type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AstLoopType {
    /// isl's choice.
    Default,
    /// One loop with all its instances.
    Atomic,
    /// Unrolled completely.
    Unroll,
    /// Split into a full part and a partial part.
    Separate,
}

impl Schedule {
    /// Parses isl's YAML-like notation, for example
    /// `{ domain: "{ S[i] : 0 <= i < 10 }", child: { schedule: "[{ S[i] -> [(i)] }]" } }`.
    ///
    /// Only the flow style isl prints is accepted: isl 0.27's reader crashes (reads a number
    /// token as a string) when a key of a mapping is not a name or a quoted string, so the
    /// text is checked first and anything else is [`Error::InvalidArgument`].
    pub fn parse(ctx: &Ctx, text: &str) -> Result<Schedule> {
        flow_yaml(text).map_err(|m| Error::InvalidArgument(format!("schedule notation: {m}")))?;
        crate::set::parse_yaml::<Schedule>(ctx, text, ffi::isl_schedule_read_from_str)
    }

    /// The schedule that only has a domain node: the instances of `domain`, unordered.
    pub fn from_domain(domain: &UnionSet) -> Result<Schedule> {
        // SAFETY: the copy is taken.
        domain
            .ctx()
            .wrap(unsafe { ffi::isl_schedule_from_domain(domain.take()) })
    }

    isl_methods! {
        /// The instances the schedule orders.
        get fn domain(&self) -> UnionSet = isl_schedule_get_domain;
        /// The schedule as a relation from instances to flat schedule vectors.
        get fn map(&self) -> UnionMap = isl_schedule_get_map;
        /// The root node.
        get fn root(&self) -> ScheduleNode = isl_schedule_get_root;
        /// Inserts `partial` as a band just below the root.
        fn insert_partial_schedule(&self, partial: &MultiUnionPwAff) -> Schedule = isl_schedule_insert_partial_schedule;
        /// `self` followed by `next` (a sequence of both).
        fn sequence(&self, next: &Schedule) -> Schedule = isl_schedule_sequence;
        /// Restricts the instances to `domain`.
        fn intersect_domain(&self, domain: &UnionSet) -> Schedule = isl_schedule_intersect_domain;
        /// The schedule of the instances `f` maps to instances of `self`, each at the place of
        /// its image (for statements split into pieces: `{ S_1[i] -> S[i] }`).
        fn pullback(&self, f: &UnionPwMultiAff) -> Schedule = isl_schedule_pullback_union_pw_multi_aff;
    }
}

impl ScheduleNode {
    /// The kind of node.
    pub fn node_type(&self) -> Result<ScheduleNodeType> {
        // SAFETY: the node is live and kept.
        let t = unsafe { ffi::isl_schedule_node_get_type(self.keep()) };
        Ok(match t {
            0 => ScheduleNodeType::Band,
            1 => ScheduleNodeType::Context,
            2 => ScheduleNodeType::Domain,
            3 => ScheduleNodeType::Expansion,
            4 => ScheduleNodeType::Extension,
            5 => ScheduleNodeType::Filter,
            6 => ScheduleNodeType::Leaf,
            7 => ScheduleNodeType::Guard,
            8 => ScheduleNodeType::Mark,
            9 => ScheduleNodeType::Sequence,
            10 => ScheduleNodeType::Set,
            _ => return Err(self.ctx().failure()),
        })
    }

    /// Child `pos` of the node.
    pub fn child(&self, pos: usize) -> Result<ScheduleNode> {
        let n = self.n_children()?;
        if pos >= n {
            return Err(Error::InvalidArgument(format!(
                "child {pos} out of range 0..{n}"
            )));
        }
        // SAFETY: the copy is taken; the position is in range.
        self.ctx()
            .wrap(unsafe { ffi::isl_schedule_node_child(self.take(), int(pos)?) })
    }

    /// The parent of the node, or `None` at the root.
    pub fn parent(&self) -> Result<Option<ScheduleNode>> {
        // SAFETY: the node is live and kept.
        let has_parent = unsafe { ffi::isl_schedule_node_has_parent(self.keep()) };
        if !self.ctx().bool(has_parent)? {
            return Ok(None);
        }
        // SAFETY: the copy is taken.
        self.ctx()
            .wrap(unsafe { ffi::isl_schedule_node_parent(self.take()) })
            .map(Some)
    }

    /// Whether band member `pos` is marked coincident (parallel).
    pub fn band_member_coincident(&self, pos: usize) -> Result<bool> {
        self.check_member(pos)?;
        // SAFETY: the node is live and kept; the position is in range.
        self.ctx().bool(unsafe {
            ffi::isl_schedule_node_band_member_get_coincident(self.keep(), int(pos)?)
        })
    }

    /// The band with member `pos` marked coincident (`true`) or not.
    pub fn band_member_set_coincident(&self, pos: usize, coincident: bool) -> Result<ScheduleNode> {
        self.check_member(pos)?;
        // SAFETY: the copy is taken; the position is in range.
        self.ctx().wrap(unsafe {
            ffi::isl_schedule_node_band_member_set_coincident(
                self.take(),
                int(pos)?,
                i32::from(coincident),
            )
        })
    }

    /// The band with member `pos` generated as `loop_type`.
    pub fn band_member_set_ast_loop_type(
        &self,
        pos: usize,
        loop_type: AstLoopType,
    ) -> Result<ScheduleNode> {
        self.check_member(pos)?;
        let t = match loop_type {
            AstLoopType::Default => 0,
            AstLoopType::Atomic => 1,
            AstLoopType::Unroll => 2,
            AstLoopType::Separate => 3,
        };
        // SAFETY: the copy is taken; the position is in range.
        self.ctx().wrap(unsafe {
            ffi::isl_schedule_node_band_member_set_ast_loop_type(self.take(), int(pos)?, t)
        })
    }

    /// The band with its permutable flag set to `permutable`.
    pub fn band_set_permutable(&self, permutable: bool) -> Result<ScheduleNode> {
        self.band_n_member()?;
        // SAFETY: the copy is taken.
        self.ctx().wrap(unsafe {
            ffi::isl_schedule_node_band_set_permutable(self.take(), i32::from(permutable))
        })
    }

    /// Tiles the band with the given sizes (one per member): the node becomes a band of tile
    /// loops whose child is a band of point loops.
    pub fn band_tile(&self, sizes: &[i64]) -> Result<ScheduleNode> {
        if let Some(s) = sizes.iter().find(|&&s| s <= 0) {
            return Err(Error::InvalidArgument(format!(
                "tile size {s} is not positive"
            )));
        }
        let space = self.band_space()?;
        let sizes = MultiVal::from_values(&space, sizes)?;
        self.band_tile_with(&sizes)
    }

    /// Splits the band after its first `pos` members into two nested bands.
    pub fn band_split(&self, pos: usize) -> Result<ScheduleNode> {
        let n = self.band_n_member()?;
        if pos == 0 || pos >= n {
            return Err(Error::InvalidArgument(format!(
                "cannot split a band of {n} at {pos}"
            )));
        }
        // SAFETY: the copy is taken; the position is in range.
        self.ctx()
            .wrap(unsafe { ffi::isl_schedule_node_band_split(self.take(), int(pos)?) })
    }

    /// Inserts a sequence node whose children are filtered by `filters`, in order.
    pub fn insert_sequence(&self, filters: &[UnionSet]) -> Result<ScheduleNode> {
        let ctx = self.ctx();
        // Everything that can fail in Rust happens before the list exists, so it cannot leak.
        for f in filters {
            ctx.same(f.ctx())?;
        }
        let n = int(filters.len())?;
        // SAFETY: the context is live; each `add` takes the list and the set (and frees both and
        // returns null on failure, which the last call reports).
        let mut list = unsafe { ffi::isl_union_set_list_alloc(ctx.raw(), n) };
        for f in filters {
            // SAFETY: as above.
            list = unsafe { ffi::isl_union_set_list_add(ffi::Take(list), f.take()) };
        }
        // SAFETY: the node copy and the list are taken.
        ctx.wrap(unsafe { ffi::isl_schedule_node_insert_sequence(self.take(), ffi::Take(list)) })
    }

    fn check_member(&self, pos: usize) -> Result<()> {
        let n = self.band_n_member()?;
        if pos < n {
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "band member {pos} out of range 0..{n}"
            )))
        }
    }

    isl_methods! {
        /// The schedule tree the node belongs to.
        get fn schedule(&self) -> Schedule = isl_schedule_node_get_schedule;
        /// The root of the tree.
        fn root(&self) -> ScheduleNode = isl_schedule_node_root;
        /// The instances that reach this node.
        get fn domain(&self) -> UnionSet = isl_schedule_node_get_domain;
        /// The schedule of the outer bands, as a relation from instances to schedule vectors.
        get fn prefix_schedule(&self) -> UnionMap = isl_schedule_node_get_prefix_schedule_union_map;
        /// The schedule of the subtree below (and including) this node.
        get fn subtree_schedule(&self) -> UnionMap = isl_schedule_node_get_subtree_schedule_union_map;
        /// The space of a band's partial schedule.
        get fn band_space(&self) -> Space = isl_schedule_node_band_get_space;
        /// The partial schedule of a band as a relation.
        get fn band_partial_schedule(&self) -> UnionMap = isl_schedule_node_band_get_partial_schedule_union_map;
        /// Tiles the band with sizes given as a tuple in the band's space.
        fn band_tile_with(&self, sizes: &MultiVal) -> ScheduleNode = isl_schedule_node_band_tile;
        /// Inserts a mark node carrying `id` above this node.
        fn insert_mark(&self, id: &Id) -> ScheduleNode = isl_schedule_node_insert_mark;
        /// Inserts a filter node keeping only the instances in `filter` above this node.
        fn insert_filter(&self, filter: &UnionSet) -> ScheduleNode = isl_schedule_node_insert_filter;
        /// Inserts a band with the partial schedule `partial` above this node.
        fn insert_partial_schedule(&self, partial: &MultiUnionPwAff) -> ScheduleNode = isl_schedule_node_insert_partial_schedule;
        /// Removes this node (not a leaf, not the root); the result is its former child.
        fn delete(&self) -> ScheduleNode = isl_schedule_node_delete;
        /// The identifier of a mark node.
        get fn mark_id(&self) -> Id = isl_schedule_node_mark_get_id;
        /// The filter of a filter node.
        get fn filter(&self) -> UnionSet = isl_schedule_node_filter_get_filter;
        /// The domain of a domain node.
        get fn domain_node_domain(&self) -> UnionSet = isl_schedule_node_domain_get_domain;
        /// The number of children.
        keep fn n_children(&self) -> usize = isl_schedule_node_n_children;
        /// The depth of the node in the tree (the root has depth 0).
        keep fn tree_depth(&self) -> usize = isl_schedule_node_get_tree_depth;
        /// The number of members of a band.
        keep fn band_n_member(&self) -> usize = isl_schedule_node_band_n_member;
        /// Whether the members of a band can be permuted (and so tiled).
        keep fn band_permutable(&self) -> bool = isl_schedule_node_band_get_permutable;
    }
}

impl ScheduleConstraints {
    /// Constraints for scheduling the instances of `domain`, with no dependences yet.
    pub fn on_domain(domain: &UnionSet) -> Result<ScheduleConstraints> {
        // SAFETY: the copy is taken.
        domain
            .ctx()
            .wrap(unsafe { ffi::isl_schedule_constraints_on_domain(domain.take()) })
    }

    /// Parses isl's notation of schedule constraints.
    pub fn parse(ctx: &Ctx, text: &str) -> Result<ScheduleConstraints> {
        crate::set::parse_yaml::<ScheduleConstraints>(
            ctx,
            text,
            ffi::isl_schedule_constraints_read_from_str,
        )
    }

    /// Adds conditional validity constraints: `validity` needs to be respected only where the
    /// schedule does not keep `condition` local.
    pub fn with_conditional_validity(
        &self,
        condition: &UnionMap,
        validity: &UnionMap,
    ) -> Result<ScheduleConstraints> {
        self.ctx().same(condition.ctx())?;
        self.ctx().same(validity.ctx())?;
        // SAFETY: all three copies are taken.
        self.ctx().wrap(unsafe {
            ffi::isl_schedule_constraints_set_conditional_validity(
                self.take(),
                condition.take(),
                validity.take(),
            )
        })
    }

    isl_methods! {
        /// Parameter constraints that hold for every execution.
        fn with_context(&self, context: &Set) -> ScheduleConstraints = isl_schedule_constraints_set_context;
        /// Dependences the schedule must respect: the source runs before the target.
        fn with_validity(&self, deps: &UnionMap) -> ScheduleConstraints = isl_schedule_constraints_set_validity;
        /// Dependences that should not be carried by coincident (parallel) band members.
        fn with_coincidence(&self, deps: &UnionMap) -> ScheduleConstraints = isl_schedule_constraints_set_coincidence;
        /// Dependences whose distance the scheduler should minimize (locality).
        fn with_proximity(&self, deps: &UnionMap) -> ScheduleConstraints = isl_schedule_constraints_set_proximity;
        /// Runs isl's scheduler. Wrap the call in [`Ctx::with_budget`] to bound its work.
        fn compute_schedule(&self) -> Schedule = isl_schedule_constraints_compute_schedule;
    }
}

impl UnionAccessInfo {
    /// Dataflow question for the reads `sink` (instances to array elements).
    pub fn from_sink(sink: &UnionMap) -> Result<UnionAccessInfo> {
        // SAFETY: the copy is taken.
        sink.ctx()
            .wrap(unsafe { ffi::isl_union_access_info_from_sink(sink.take()) })
    }

    isl_methods! {
        /// Writes that definitely happen.
        fn with_must_source(&self, source: &UnionMap) -> UnionAccessInfo = isl_union_access_info_set_must_source;
        /// Writes that may happen.
        fn with_may_source(&self, source: &UnionMap) -> UnionAccessInfo = isl_union_access_info_set_may_source;
        /// Writes that end the life of a value without producing one.
        fn with_kill(&self, kill: &UnionMap) -> UnionAccessInfo = isl_union_access_info_set_kill;
        /// The schedule that orders all accesses.
        fn with_schedule(&self, schedule: &Schedule) -> UnionAccessInfo = isl_union_access_info_set_schedule;
        /// The order as a relation from instances to schedule vectors.
        fn with_schedule_map(&self, schedule: &UnionMap) -> UnionAccessInfo = isl_union_access_info_set_schedule_map;
        /// Computes, for each sink instance, the last source instance that wrote its element.
        fn compute_flow(&self) -> UnionFlow = isl_union_access_info_compute_flow;
    }
}

macro_rules! flow_getters {
    ($($(#[$doc:meta])* $name:ident = $f:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(&self) -> Result<UnionMap> {
            // SAFETY: the flow is live and kept.
            self.ctx().wrap(unsafe { ffi::$f(self.keep()) })
        }
    )*};
}

impl UnionFlow {
    flow_getters! {
        /// Source instance to sink instance, where the source is definitely the last writer.
        must_dependence = isl_union_flow_get_must_dependence;
        /// Source instance to sink instance, where the source may be the last writer.
        may_dependence = isl_union_flow_get_may_dependence;
        /// Like `must_dependence`, with the accessed element: `{ [src -> elem] -> [sink -> elem] }`.
        full_must_dependence = isl_union_flow_get_full_must_dependence;
        /// Like `may_dependence`, with the accessed element.
        full_may_dependence = isl_union_flow_get_full_may_dependence;
        /// Sink accesses with definitely no source in the analyzed region.
        must_no_source = isl_union_flow_get_must_no_source;
        /// Sink accesses that may have no source in the analyzed region.
        may_no_source = isl_union_flow_get_may_no_source;
    }
}

/// Checks that `text` is one flow-style YAML value whose mapping keys are all names or quoted
/// strings (what isl's schedule reader can take without crashing), nested at most 1,000 deep.
fn flow_yaml(text: &str) -> std::result::Result<(), String> {
    let b = text.as_bytes();
    let mut k = 0;
    // isl reads a tree (a mapping) at the top, after `child:`, and in the lists of
    // `sequence:` and `set:`; a scalar there crashes it too.
    tree(b, &mut k, 0)?;
    skip_space(b, &mut k);
    if k < b.len() {
        return Err(format!("unexpected text at byte {k}"));
    }
    Ok(())
}

fn skip_space(b: &[u8], k: &mut usize) {
    while *k < b.len() && b[*k].is_ascii_whitespace() {
        *k += 1;
    }
}

/// A quoted string (isl's have no escapes), or a run of characters that are not structure.
fn scalar(b: &[u8], k: &mut usize) -> std::result::Result<bool, String> {
    if b.get(*k) == Some(&b'"') {
        match b[*k + 1..].iter().position(|&c| c == b'"') {
            Some(n) => {
                // A string holds isl notation (a set, a map), which isl reads as a schedule
                // again, and crashes on, when it starts like a mapping.
                let inner = &b[*k + 1..*k + 1 + n];
                if crate::set::mapping_like(&String::from_utf8_lossy(inner)) {
                    return Err(format!("a string at byte {} starts like a mapping", *k));
                }
                *k += n + 2;
                Ok(true)
            }
            None => Err("unterminated string".into()),
        }
    } else {
        let start = *k;
        while *k < b.len() && !b"{}[],:\"".contains(&b[*k]) && !b[*k].is_ascii_whitespace() {
            *k += 1;
        }
        if *k == start {
            return Err(format!("expected a value at byte {start}"));
        }
        Ok(false)
    }
}

/// A value that must be a mapping.
fn tree(b: &[u8], k: &mut usize, depth: usize) -> std::result::Result<(), String> {
    skip_space(b, k);
    if b.get(*k) != Some(&b'{') {
        return Err(format!("expected a schedule node `{{ ... }}` at byte {k}"));
    }
    value(b, k, depth)
}

/// A list of values that must be mappings.
fn trees(b: &[u8], k: &mut usize, depth: usize) -> std::result::Result<(), String> {
    skip_space(b, k);
    if b.get(*k) != Some(&b'[') {
        return Err(format!("expected a list of schedule nodes at byte {k}"));
    }
    *k += 1;
    loop {
        tree(b, k, depth + 1)?;
        skip_space(b, k);
        match b.get(*k) {
            Some(b']') => {
                *k += 1;
                return Ok(());
            }
            Some(b',') => *k += 1,
            _ => return Err(format!("expected `,` or `]` at byte {k}")),
        }
    }
}

fn value(b: &[u8], k: &mut usize, depth: usize) -> std::result::Result<(), String> {
    if depth > 1_000 {
        return Err("nested too deeply".into());
    }
    skip_space(b, k);
    let close = match b.get(*k) {
        Some(b'{') => b'}',
        Some(b'[') => b']',
        _ => return scalar(b, k).map(|_| ()),
    };
    *k += 1;
    skip_space(b, k);
    if b.get(*k) == Some(&close) {
        *k += 1;
        return Ok(());
    }
    loop {
        if close == b'}' {
            skip_space(b, k);
            let start = *k;
            let quoted = scalar(b, k)?;
            let key = &b[start..*k];
            let name = key
                .first()
                .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
                && key.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_');
            if !quoted && !name {
                return Err(format!(
                    "a key at byte {start} is neither a name nor a string"
                ));
            }
            skip_space(b, k);
            if b.get(*k) != Some(&b':') {
                return Err(format!("expected `:` at byte {k}"));
            }
            *k += 1;
            match key {
                b"child" => tree(b, k, depth + 1)?,
                b"sequence" | b"set" => trees(b, k, depth + 1)?,
                _ => value(b, k, depth + 1)?,
            }
        } else {
            value(b, k, depth + 1)?;
        }
        skip_space(b, k);
        match b.get(*k) {
            Some(&c) if c == close => {
                *k += 1;
                return Ok(());
            }
            Some(b',') => *k += 1,
            _ => return Err(format!("expected `,` or `{}` at byte {k}", close as char)),
        }
    }
}
