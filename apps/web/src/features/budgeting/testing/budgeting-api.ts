import type {
  CostEntry,
  CostImportResult,
  Paginated,
  Project,
  ProjectDetail,
  ProjectList,
} from '@staff-admin/shared';
import { http, HttpResponse } from 'msw';
import { API, server } from '../../../testing/server.js';

let counter = 0;
const nextId = (prefix: string) =>
  `${prefix}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

const gbp = (amount: number) => ({ amount, currency: 'GBP' });

/** A project as the API returns it; every call a new id and code. */
export function createProject(overrides: Partial<Project> = {}): Project {
  const id = nextId('20000000');
  return {
    id,
    code: `ACME-${counter}`,
    name: `Website ${counter}`,
    client: 'Acme',
    currency: 'GBP',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    status: 'active',
    owner: { id: nextId('30000000'), fullName: 'Fran Finance', email: 'fran@example.com' },
    budget: gbp(1_000_000),
    actual: gbp(250_000),
    remaining: gbp(750_000),
    percentUsed: 25,
    forecast: gbp(600_000),
    costCount: 3,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export const detailOf = (project: Project, monthlyCosts: ProjectDetail['monthlyCosts'] = []) => ({
  ...project,
  monthlyCosts,
});

/** GET /projects's one page of these rows, the totals as the server would compute them. */
export function projectsPage(projects: Project[]): ProjectList {
  const currencies = [...new Set(projects.map((p) => p.currency))].sort();
  const sum = (pick: (p: Project) => number) => projects.reduce((s, p) => s + pick(p), 0);
  const currency = currencies[0] ?? 'GBP';
  return {
    data: projects,
    meta: {
      currentPage: 1,
      itemsPerPage: 10,
      totalItems: projects.length,
      totalPages: projects.length ? 1 : 0,
      totals:
        currencies.length === 1
          ? {
              currency,
              budget: { amount: sum((p) => p.budget.amount), currency },
              actual: { amount: sum((p) => p.actual.amount), currency },
              remaining: { amount: sum((p) => p.remaining.amount), currency },
            }
          : null,
      currencies,
    },
  };
}

/** GET /projects with these rows; the totals as the server would compute them. */
export function serveProjects(projects: Project[]) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`${API}/projects`, ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(projectsPage(projects));
    }),
  );
  return queries;
}

export function createCost(overrides: Partial<CostEntry> = {}): CostEntry {
  return {
    id: nextId('40000000'),
    projectId: 'p',
    date: '2026-05-10',
    category: 'software',
    description: 'IDE licences',
    amount: gbp(12050),
    person: null,
    hours: null,
    rate: null,
    importBatchId: null,
    createdBy: null,
    createdAt: '2026-05-10T09:00:00.000Z',
    updatedAt: '2026-05-10T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * GET of a project, its costs, empty revisions and imports, one person to pick, and the closed
 * months (YYYY-MM).
 */
export function serveProject(
  project: ProjectDetail,
  costs: CostEntry[] = [],
  closedMonths: string[] = [],
) {
  const page: Paginated<CostEntry> = {
    data: costs,
    meta: { currentPage: 1, itemsPerPage: 20, totalItems: costs.length, totalPages: 1 },
  };
  server.use(
    http.get(`${API}/projects/${project.id}`, () => HttpResponse.json({ data: project })),
    http.get(`${API}/projects/${project.id}/costs`, () => HttpResponse.json(page)),
    http.get(`${API}/projects/${project.id}/budget-revisions`, () =>
      HttpResponse.json({ data: [] }),
    ),
    http.get(`${API}/projects/${project.id}/import-batches`, () => HttpResponse.json({ data: [] })),
    http.get(`${API}/closed-months`, () =>
      HttpResponse.json({
        data: closedMonths.map((month) => ({
          month,
          closedAt: `${month}-28T09:00:00.000Z`,
          closedBy: null,
        })),
      }),
    ),
    http.get(`${API}/budgeting/people`, () =>
      HttpResponse.json({
        data: [{ id: 'u1', fullName: 'Wes Worker', email: 'wes@example.com' }],
      }),
    ),
  );
}

export function importResult(overrides: Partial<CostImportResult> = {}): CostImportResult {
  return {
    dryRun: true,
    rowCount: 2,
    validCount: 2,
    errorCount: 0,
    errors: [],
    total: gbp(15050),
    months: ['2026-05'],
    preview: [],
    batch: null,
    ...overrides,
  };
}
