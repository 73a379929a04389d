//! Edits a pass makes to a model that touch its numbering: removing statements (dead ones,
//! such as a copy of an element onto itself after DeLICM) and accesses no statement uses any
//! more (a read replaced by a forwarded expression), and splitting a statement into pieces of
//! its domain (expression propagation, where each piece reads values of one statement). Ids are indices, so the others are
//! renumbered everywhere they appear: statement lists, bodies, guards, subscripts.

use super::{AccessId, BodyExpr, Scop, StmtId};
use optimist_presburger::{DimType, Error as IslError, Set, UnionMap, UnionPwMultiAff};

impl Scop {
    /// Removes the statements for which `drop` holds, with their accesses, and every access that
    /// its statement no longer lists; renumbers the rest and restricts the schedule to the
    /// statements that remain. Returns the number of statements removed.
    pub fn remove_statements(
        &mut self,
        drop: &dyn Fn(StmtId, &super::ScopStmt) -> bool,
    ) -> Result<usize, IslError> {
        let keep_stmt: Vec<bool> = self
            .stmts
            .iter()
            .enumerate()
            .map(|(k, s)| !drop(StmtId(k as u32), s))
            .collect();
        let mut stmt_of = vec![None; self.stmts.len()];
        let mut next = 0u32;
        for (k, &keep) in keep_stmt.iter().enumerate() {
            if keep {
                stmt_of[k] = Some(StmtId(next));
                next += 1;
            }
        }
        let mut access_of = vec![None; self.accesses.len()];
        let mut accesses = Vec::new();
        for (a, acc) in self.accesses.iter().enumerate() {
            let s = acc.stmt.0 as usize;
            let listed = self
                .stmts
                .get(s)
                .is_some_and(|st| st.accesses.contains(&AccessId(a as u32)));
            if let (Some(new_stmt), true) = (stmt_of.get(s).copied().flatten(), listed) {
                access_of[a] = Some(AccessId(accesses.len() as u32));
                let mut acc = acc.clone();
                acc.stmt = new_stmt;
                accesses.push(acc);
            }
        }
        let renumber = |e: &BodyExpr| {
            e.with_accesses(&|a| access_of.get(a.0 as usize).copied().flatten().unwrap_or(a))
        };
        for acc in &mut accesses {
            if let Some(subs) = &acc.subscripts {
                acc.subscripts = Some(subs.iter().map(renumber).collect());
            }
        }
        let removed = keep_stmt.iter().filter(|k| !**k).count();
        let mut stmts = Vec::with_capacity(self.stmts.len() - removed);
        for (k, st) in self.stmts.iter().enumerate() {
            if !keep_stmt[k] {
                continue;
            }
            let mut st = st.clone();
            let new = |a: AccessId| access_of.get(a.0 as usize).copied().flatten();
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
        for (k, other) in self.stmts.iter().enumerate() {
            if k != s.0 as usize {
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
            let id = StmtId(self.stmts.len() as u32);
            let mut renamed: Vec<(AccessId, AccessId)> = Vec::new();
            for &a in &st.accesses {
                let mut acc = self.access(a).clone();
                acc.stmt = id;
                acc.relation = acc
                    .relation
                    .intersect_domain(&piece)?
                    .with_tuple_name(DimType::In, &name)?;
                renamed.push((a, AccessId(self.accesses.len() as u32)));
                self.accesses.push(acc);
            }
            let rename = |a: AccessId| renamed.iter().find(|(o, _)| *o == a).map_or(a, |(_, n)| *n);
            for &(_, a) in &renamed {
                let acc = &mut self.accesses[a.0 as usize];
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
