//! Edits a pass makes to a model that touch its numbering: removing statements (dead ones,
//! such as a copy of an element onto itself after DeLICM) and accesses no statement uses any
//! more (a read replaced by a forwarded expression), and splitting a statement into pieces of
//! its domain (expression propagation, where each piece reads values of one statement). Ids are indices, so the others are
//! renumbered everywhere they appear: statement lists, bodies, guards, subscripts.

use super::{AccessId, BodyExpr, Scop, StmtId};
use crate::id::{Id, IdVec};
use optimist_presburger::{DimType, Error as IslError, Set, UnionMap, UnionPwMultiAff};

impl Scop {
    /// Removes the statements for which `drop` holds, with their accesses, and every access that
    /// its statement no longer lists; renumbers the rest and restricts the schedule to the
    /// statements that remain. Returns the number of statements removed.
    pub fn remove_statements(
        &mut self,
        drop: &dyn Fn(StmtId, &super::ScopStmt) -> bool,
    ) -> Result<usize, IslError> {
        let keep_stmt: IdVec<StmtId, bool> = self
            .stmts
            .iter_enumerated()
            .map(|(k, s)| !drop(k, s))
            .collect();
        let mut stmt_of: IdVec<StmtId, Option<StmtId>> = IdVec::from_fn(self.stmts.len(), |_| None);
        let mut next = 0usize;
        for (k, &keep) in keep_stmt.iter_enumerated() {
            if keep {
                stmt_of[k] = Some(StmtId::from_index(next));
                next += 1;
            }
        }
        let mut access_of: IdVec<AccessId, Option<AccessId>> =
            IdVec::from_fn(self.accesses.len(), |_| None);
        let mut accesses: IdVec<AccessId, super::Access> = IdVec::new();
        for (a, acc) in self.accesses.iter_enumerated() {
            let listed = self
                .stmts
                .get(acc.stmt)
                .is_some_and(|st| st.accesses.contains(&a));
            if let (Some(new_stmt), true) = (stmt_of.get(acc.stmt).copied().flatten(), listed) {
                let mut acc = acc.clone();
                acc.stmt = new_stmt;
                access_of[a] = Some(accesses.push(acc));
            }
        }
        let renumber =
            |e: &BodyExpr| e.with_accesses(&|a| access_of.get(a).copied().flatten().unwrap_or(a));
        for acc in &mut accesses {
            if let Some(subs) = &acc.subscripts {
                acc.subscripts = Some(subs.iter().map(renumber).collect());
            }
        }
        let removed = keep_stmt.iter().filter(|k| !**k).count();
        let mut stmts: IdVec<StmtId, super::ScopStmt> = IdVec::new();
        for (k, st) in self.stmts.iter_enumerated() {
            if !keep_stmt[k] {
                continue;
            }
            let mut st = st.clone();
            let new = |a: AccessId| access_of.get(a).copied().flatten();
            st.write = new(st.write).unwrap_or(st.write);
            st.accesses = st.accesses.iter().filter_map(|&a| new(a)).collect();
            st.value = renumber(&st.value);
            st.guard = st.guard.as_ref().map(renumber);
            stmts.push(st);
        }
        self.stmts = stmts;
        self.accesses = accesses;
        if removed > 0 {
            let domains = self.domains()?;
            self.schedule = self.schedule.intersect_domain(&domains)?;
        }
        Ok(removed)
    }
}

impl Scop {
    /// Splits statement `s` into one statement per set of `pieces` (each intersected with its
    /// domain; together they should cover it, and they must not overlap): `S_1`, `S_2`, ... with
    /// `S`'s body, tags and place, and copies of its accesses restricted to the piece. Each piece
    /// runs where its instances ran (the schedule is pulled back through `S_k[i] -> S[i]`), and
    /// `S` is removed. Returns the new statements' ids (after the renumbering).
    pub fn split_statement(&mut self, s: StmtId, pieces: &[Set]) -> Result<Vec<StmtId>, IslError> {
        let st = self.stmt(s).clone();
        let mut pull = UnionMap::empty(&self.ctx)?;
        for (k, other) in self.stmts.iter_enumerated() {
            if k != s {
                pull = pull.union(&UnionMap::from_map(&other.domain.identity()?)?)?;
            }
        }
        let mut added = Vec::new();
        for (k, piece) in pieces.iter().enumerate() {
            let mut n = k + 1;
            let mut name = format!("{}_{n}", st.name);
            while self.stmts.iter().any(|o| o.name == name) {
                n += pieces.len();
                name = format!("{}_{n}", st.name);
            }
            let piece = piece.intersect(&st.domain)?;
            let id = StmtId::from_index(self.stmts.len());
            let mut renamed: Vec<(AccessId, AccessId)> = Vec::new();
            for &a in &st.accesses {
                let mut acc = self.access(a).clone();
                acc.stmt = id;
                acc.relation = acc
                    .relation
                    .intersect_domain(&piece)?
                    .with_tuple_name(DimType::In, &name)?;
                renamed.push((a, self.accesses.push(acc)));
            }
            let rename = |a: AccessId| renamed.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n);
            for &(_, a) in &renamed {
                let acc = &mut self.accesses[a];
                if let Some(subs) = &acc.subscripts {
                    acc.subscripts = Some(subs.iter().map(|e| e.with_accesses(&rename)).collect());
                }
            }
            let domain = piece.with_tuple_name(&name)?;
            pull = pull.union(&UnionMap::from_map(
                &domain.identity()?.with_tuple_name(DimType::Out, &st.name)?,
            )?)?;
            self.stmts.push(super::ScopStmt {
                name,
                label: None,
                tags: st.tags.clone(),
                domain,
                write: rename(st.write),
                value: st.value.with_accesses(&rename),
                guard: st.guard.as_ref().map(|g| g.with_accesses(&rename)),
                accesses: st.accesses.iter().map(|&a| rename(a)).collect(),
                iterators: st.iterators.clone(),
                loc: st.loc.clone(),
            });
            added.push(id);
        }
        self.schedule = self
            .schedule
            .pullback(&UnionPwMultiAff::from_union_map(&pull)?)?;
        self.remove_statements(&|x, _| x == s)?;
        // Ids above `s` moved down by one.
        Ok(added
            .into_iter()
            .map(|StmtId(k)| StmtId(if k > s.0 { k - 1 } else { k }))
            .collect())
    }
}
