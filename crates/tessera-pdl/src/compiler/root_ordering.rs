//! Choosing how to join the roots of a multi-root pattern: Edmonds' optimal branching (the
//! directed minimum spanning tree) over the candidate roots, with an edge `a → b` costing the
//! depth under `b` of the cheapest value `a` and `b` share.
//!
//! Edge costs are pairs (depth, creation order), so no two edges tie and the result does not
//! depend on map order. When a cycle is contracted only the depth is rebased, as upstream
//! does, which keeps the chosen branching upstream's. Maps here are small vectors in
//! insertion order: a pattern has a handful of roots.

use tessera_ir::ValueId;

/// (depth, creation order): compared lexicographically.
type Cost = (u32, u32);

/// An incoming edge: its source, cost and (in the caller's graph) connecting value.
#[derive(Clone, Debug)]
struct Edge {
    source: ValueId,
    cost: Cost,
    connector: Option<ValueId>,
}

/// Incoming edges per target root, targets in insertion order.
#[derive(Clone, Debug, Default)]
pub(crate) struct CostGraph {
    targets: Vec<(ValueId, Vec<Edge>)>,
}

impl CostGraph {
    fn target_mut(&mut self, target: ValueId) -> &mut Vec<Edge> {
        let i = match self.targets.iter().position(|(t, _)| *t == target) {
            Some(i) => i,
            None => {
                self.targets.push((target, Vec::new()));
                self.targets.len() - 1
            }
        };
        &mut self.targets[i].1
    }

    fn incoming(&self, target: ValueId) -> Option<&[Edge]> {
        self.targets
            .iter()
            .find(|(t, _)| *t == target)
            .map(|(_, e)| e.as_slice())
    }

    /// Records that `connector` joins `source` to `target` at `depth` under `target`,
    /// keeping the shallowest connector per edge; a new edge takes the next creation number.
    pub(crate) fn offer(
        &mut self,
        target: ValueId,
        source: ValueId,
        depth: u32,
        connector: ValueId,
        next_id: &mut u32,
    ) {
        let edges = self.target_mut(target);
        match edges.iter_mut().find(|e| e.source == source) {
            Some(e) => {
                if e.cost.0 > depth {
                    e.cost.0 = depth;
                    e.connector = Some(connector);
                }
            }
            None => {
                edges.push(Edge {
                    source,
                    cost: (depth, *next_id),
                    connector: Some(connector),
                });
                *next_id += 1;
            }
        }
    }

    /// The value connecting `source` to `target`.
    pub(crate) fn connector(&self, target: ValueId, source: ValueId) -> Option<ValueId> {
        self.incoming(target)?
            .iter()
            .find(|e| e.source == source)?
            .connector
    }
}

/// A small insertion-ordered map.
struct VecMap<V>(Vec<(ValueId, V)>);

impl<V> Default for VecMap<V> {
    fn default() -> Self {
        VecMap(Vec::new())
    }
}

impl<V: Copy> VecMap<V> {
    fn get(&self, k: ValueId) -> Option<V> {
        self.0.iter().find(|(x, _)| *x == k).map(|(_, v)| *v)
    }
    fn contains(&self, k: ValueId) -> bool {
        self.0.iter().any(|(x, _)| *x == k)
    }
    fn set(&mut self, k: ValueId, v: V) {
        match self.0.iter_mut().find(|(x, _)| *x == k) {
            Some(slot) => slot.1 = v,
            None => self.0.push((k, v)),
        }
    }
}

/// The optimal branching of a cost graph towards one root.
pub(crate) struct Branching {
    graph: CostGraph,
    root: ValueId,
    /// Each node's parent in the branching (`None` for the root).
    parents: VecMap<Option<ValueId>>,
}

const DISCONNECTED: &str = "the pattern has a root not connected to the others";

impl Branching {
    /// A solver over `graph` rooted at `root`.
    pub(crate) fn new(graph: CostGraph, root: ValueId) -> Self {
        Branching {
            graph,
            root,
            parents: VecMap::default(),
        }
    }

    /// Finds the branching and returns its cost (sum of depths).
    pub(crate) fn solve(&mut self) -> Result<u32, String> {
        crate::compiler::with_stack(|| self.solve_inner())
    }

    fn solve_inner(&mut self) -> Result<u32, String> {
        self.parents = VecMap::default();
        self.parents.set(self.root, None);
        let mut total = 0u32;
        let targets: Vec<ValueId> = self.graph.targets.iter().map(|(t, _)| *t).collect();
        for start in targets {
            if self.parents.contains(start) {
                continue;
            }
            let mut parent_depths: VecMap<u32> = VecMap::default();
            let mut node = start;
            loop {
                let edges = self.graph.incoming(node).ok_or(DISCONNECTED)?;
                let best = edges.iter().min_by_key(|e| e.cost).ok_or(DISCONNECTED)?;
                let (source, depth) = (best.source, best.cost.0);
                self.parents.set(node, Some(source));
                parent_depths.set(node, depth);
                total += depth;
                node = source;
                if self.parents.contains(node) {
                    break;
                }
            }
            if !parent_depths.contains(node) {
                continue;
            }
            // A cycle through `node`: contract it, solve the smaller graph, then open the
            // cycle where the chosen edge enters it.
            let mut cycle = Vec::new();
            let mut n = node;
            loop {
                cycle.push(n);
                n = self.parents.get(n).flatten().ok_or(DISCONNECTED)?;
                if n == node {
                    break;
                }
            }
            let (actual_source, actual_target) = self.contract(&cycle, &parent_depths);
            total = self.solve_inner()?;
            for entry in self.parents.0.iter_mut() {
                if entry.1 == Some(node) {
                    entry.1 = actual_source.get(entry.0);
                }
            }
            let parent = self.parents.get(node).flatten();
            let entry = parent.and_then(|p| actual_target.get(p));
            cycle.push(node);
            for i in 0..cycle.len() - 1 {
                total += parent_depths.get(cycle[i]).unwrap_or(0);
                if Some(cycle[i]) == entry {
                    self.parents.set(cycle[i], parent);
                } else {
                    self.parents.set(cycle[i], Some(cycle[i + 1]));
                }
            }
            break;
        }
        Ok(total)
    }

    /// Replaces the cycle by its first node: edges into the cycle are rebased by the depth of
    /// the edge they would replace, edges out of it keep the cheapest. Returns which cycle
    /// node each outside target was actually reached from, and which cycle node each outside
    /// source actually enters.
    fn contract(
        &mut self,
        cycle: &[ValueId],
        parent_depths: &VecMap<u32>,
    ) -> (VecMap<ValueId>, VecMap<ValueId>) {
        let rep = cycle[0];
        let mut actual_source = VecMap::default();
        let mut actual_target = VecMap::default();
        let mut rep_edges: Vec<Edge> = Vec::new();
        let mut kept = Vec::new();
        for (target, edges) in std::mem::take(&mut self.graph.targets) {
            if cycle.contains(&target) {
                let parent_depth = parent_depths.get(target).unwrap_or(0);
                for e in edges {
                    if cycle.contains(&e.source) {
                        continue;
                    }
                    let cost = (e.cost.0.saturating_sub(parent_depth), e.cost.1);
                    match rep_edges.iter_mut().find(|r| r.source == e.source) {
                        Some(r) if r.cost <= cost => {}
                        Some(r) => {
                            actual_target.set(e.source, target);
                            r.cost = cost;
                        }
                        None => {
                            actual_target.set(e.source, target);
                            rep_edges.push(Edge {
                                source: e.source,
                                cost,
                                connector: None,
                            });
                        }
                    }
                }
            } else {
                let mut best: Option<(ValueId, Cost)> = None;
                let mut rest = Vec::with_capacity(edges.len());
                for e in edges {
                    if cycle.contains(&e.source) {
                        if best.is_none_or(|(_, c)| c > e.cost) {
                            best = Some((e.source, e.cost));
                        }
                    } else {
                        rest.push(e);
                    }
                }
                if let Some((source, cost)) = best {
                    rest.push(Edge {
                        source: rep,
                        cost,
                        connector: None,
                    });
                    actual_source.set(target, source);
                }
                kept.push((target, rest));
            }
        }
        kept.push((rep, rep_edges));
        self.graph.targets = kept;
        (actual_source, actual_target)
    }

    /// The branching's edges (node, parent) breadth first from the root, children in the order
    /// of `nodes`.
    pub(crate) fn pre_order(&self, nodes: &[ValueId]) -> Vec<(ValueId, Option<ValueId>)> {
        let mut result = vec![(self.root, None)];
        let mut i = 0;
        while i < result.len() {
            let node = result[i].0;
            for &child in nodes {
                if child != self.root && self.parents.get(child).flatten() == Some(node) {
                    result.push((child, Some(node)));
                }
            }
            i += 1;
        }
        result
    }
}
