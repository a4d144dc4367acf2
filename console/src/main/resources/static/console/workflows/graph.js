// A workflow's graph as SVG: nodes and edges laid out left to right by dagre (served by the console as a pinned
// webjar, global `dagre`), each node a box with its id and what it runs, coloured by its state when an instance's
// node states are given; an edge whose condition is not SUCCEEDED is labelled with it.
import { t } from '../i18n.js';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_WIDTH = 170;
const NODE_HEIGHT = 46;
const MARGIN = 12;

function svg(tag, attributes = {}, text) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value != null) element.setAttribute(key, value);
  }
  if (text != null) element.textContent = text;
  return element;
}

function runs(node) {
  return node.jobId ? t('job') + ' ' + node.jobId : (node.app || '') + ' · ' + (node.handler || '');
}

function clip(text, length) {
  return text.length > length ? text.substring(0, length - 1) + '…' : text;
}

/** The positions dagre gives the nodes and edges of {@code workflow}. */
export function layout(workflow) {
  const graph = new dagre.graphlib.Graph();
  graph.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 56, marginx: MARGIN, marginy: MARGIN });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of workflow.nodes || []) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const edge of workflow.edges || []) {
    if (graph.hasNode(edge.from) && graph.hasNode(edge.to)) graph.setEdge(edge.from, edge.to, { when: edge.when });
  }
  dagre.layout(graph);
  return graph;
}

/**
 * Draws {@code workflow} into the element {@code containerId}; {@code states} maps node ids to their NodeState
 * (instance pages), {@code linkOf} gives a node's link (its run), if any.
 */
export function drawGraph(containerId, workflow, states = {}, linkOf = () => null) {
  const container = document.getElementById(containerId);
  if (!(workflow.nodes || []).length) {
    container.replaceChildren();
    return;
  }
  const graph = layout(workflow);
  const size = graph.graph();
  const root = svg('svg', {
    class: 'wf-graph', width: Math.ceil(size.width), height: Math.ceil(size.height),
    viewBox: '0 0 ' + Math.ceil(size.width) + ' ' + Math.ceil(size.height), role: 'group',
    'aria-label': 'Workflow graph'
  });
  const defs = svg('defs');
  const marker = svg('marker', { id: containerId + '-arrow', viewBox: '0 0 10 10', refX: 10, refY: 5,
    markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' });
  marker.appendChild(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'wf-arrow' }));
  defs.appendChild(marker);
  root.appendChild(defs);
  for (const id of graph.edges()) {
    const edge = graph.edge(id);
    const points = edge.points.map(point => point.x + ',' + point.y).join(' L ');
    const when = edge.when || 'SUCCEEDED';
    root.appendChild(svg('path', { d: 'M ' + points, class: 'wf-edge wf-edge-' + when,
      'marker-end': 'url(#' + containerId + '-arrow)' }));
    if (when !== 'SUCCEEDED') {
      const middle = edge.points[Math.floor(edge.points.length / 2)];
      root.appendChild(svg('text', { x: middle.x, y: middle.y - 4, class: 'wf-edge-label', 'text-anchor': 'middle' },
          when === 'FAILED' ? 'on failure' : 'when ended'));
    }
  }
  for (const node of workflow.nodes) {
    const box = graph.node(node.id);
    const state = states[node.id];
    const status = state ? state.status : 'DEFINED';
    const group = svg('g', { class: 'wf-node wf-node-' + status, 'data-node': node.id,
      transform: 'translate(' + (box.x - NODE_WIDTH / 2) + ',' + (box.y - NODE_HEIGHT / 2) + ')' });
    group.appendChild(svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 6, ry: 6 }));
    group.appendChild(svg('text', { x: 10, y: 19, class: 'wf-node-id', translate: 'no' }, clip(node.id, 22)));
    group.appendChild(svg('text', { x: 10, y: 36, class: 'wf-node-runs', translate: 'no' },
        clip(state && state.status !== 'PENDING' ? status + (state.round > 1 ? ' · round ' + state.round : '')
            : runs(node), 26)));
    group.appendChild(svg('title', {}, node.id + ': ' + runs(node) + (state ? ' · ' + t(status) : '')));
    const link = linkOf(node.id);
    if (link) {
      const anchor = svg('a', { href: link });
      anchor.appendChild(group);
      root.appendChild(anchor);
    } else {
      root.appendChild(group);
    }
  }
  container.replaceChildren(root);
}
