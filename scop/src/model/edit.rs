//! Edits a pass makes to a model that touch its numbering: removing statements (dead ones,
//! such as a copy of an element onto itself after DeLICM) and accesses no statement uses any
//! more (a read replaced by a forwarded expression). Ids are indices, so the others are
//! renumbered everywhere they appear: statement lists, bodies, guards, subscripts.

use super::{AccessId, BodyExpr, Scop, StmtId};
use optimist_presburger::Error as IslError;

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
