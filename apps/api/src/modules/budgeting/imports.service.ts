import {
  BUDGETING_MESSAGES as M,
  COST_IMPORT_MAX_LISTED_ERRORS,
  labourAmount,
  type CostImportMapping,
  type CostImportResult,
  type CostImportRowError,
  type ImportBatch,
} from '@staff-admin/shared';
import { toIso, type Clock } from '../../lib/clock.js';
import { DomainError, invalid } from '../../lib/errors.js';
import { isUuid, newId } from '../../lib/ids.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { readCostFile } from './cost-import-file.js';
import { parseRows, type ParsedCostRow } from './cost-import-rows.js';
import type { ClosedMonthsRepository } from './closed-months.repository.js';
import type { CostsRepository } from './costs.repository.js';
import { assertMonthsOpen, monthOf } from './closed-months.service.js';
import type { CostsTransaction } from './costs-transaction.js';
import { addToProjectActual } from './costs.service.js';
import type { ImportBatchesRepository, ImportBatchRow } from './import-batches.repository.js';
import type { ProjectsService } from './projects.service.js';

const PREVIEW_ROWS = 20;

export class ImportBatchNotFound extends DomainError {
  constructor() {
    super('not_found', M.importBatchNotFound);
  }
}

interface ImportsDeps {
  batches: ImportBatchesRepository;
  costs: CostsRepository;
  closedMonths: ClosedMonthsRepository;
  projects: ProjectsService;
  /** An import's entries, its batch and the projects' totals land together. */
  unitOfWork: UnitOfWork<CostsTransaction & { importBatches: ImportBatchesRepository }>;
  clock: Clock;
}

/** One row ready to record: labour priced at the person's rate on its day. */
type PricedRow = ParsedCostRow & {
  amountMinor: number;
  userId: string | null;
  rateMinor: number | null;
};

/** The rate in force on a day, from one person's rates sorted newest first. */
const rateOn = (rates: { validFrom: string; amountMinor: number }[], date: string) =>
  rates.find((rate) => rate.validFrom <= date)?.amountMinor;

/**
 * Budgeting › Import: a CSV of costs is checked row by row (the dry run answers the preview and
 * changes nothing), then recorded as one batch in one transaction, and can be undone as a whole.
 */
export class ImportsService {
  constructor(private readonly deps: ImportsDeps) {}

  async run(
    actorId: string,
    projectId: string,
    file: { name: string; bytes: Buffer },
    mapping: CostImportMapping | undefined,
    dryRun: boolean,
    origin: RequestOrigin,
  ): Promise<CostImportResult> {
    const project = await this.deps.projects.findRow(projectId);
    const records = await readCostFile(file.bytes, mapping);
    if (records.length === 0) throw invalid(M.fileEmpty, { file: M.fileEmpty });
    const parsed = parseRows(records, project.currency);
    const priced = await this.price(parsed.rows, project.currency);
    const rows = priced.rows;
    // Not push(...): a 50,000-row file can hold more errors than a call takes arguments.
    const errors = priced.errors.concat(parsed.errors);
    const closed = await this.deps.closedMonths.closedAmong(rows.map((row) => monthOf(row.date)));
    if (dryRun) {
      for (const row of rows) {
        if (closed.includes(monthOf(row.date))) {
          errors.push({ row: row.row, field: 'date', message: M.monthClosed });
        }
      }
    } else if (closed.length > 0) {
      throw new DomainError('conflict', M.importTouchesClosedMonth);
    }
    errors.sort((a, b) => a.row - b.row);
    const badRows = new Set(errors.map((error) => error.row));
    const valid = rows.filter((row) => !badRows.has(row.row));
    if (!dryRun && badRows.size > 0) {
      throw invalid(M.importHasErrors, { file: M.rowsWithErrors(badRows.size) });
    }

    const totalMinor = valid.reduce((sum, row) => sum + row.amountMinor, 0);
    // 50,000 rows at the largest amount each would add up past what a JSON number holds exactly.
    if (!Number.isSafeInteger(totalMinor)) {
      throw invalid(M.totalTooLarge, { file: M.totalTooLarge });
    }
    const batch = dryRun
      ? null
      : await this.commit(actorId, project.id, file.name, valid, totalMinor, origin);
    return {
      dryRun,
      rowCount: parsed.rowCount,
      validCount: valid.length,
      errorCount: badRows.size,
      errors: errors.slice(0, COST_IMPORT_MAX_LISTED_ERRORS),
      total: { amount: totalMinor, currency: project.currency },
      months: [...new Set(valid.map((row) => monthOf(row.date)))].sort(),
      preview: valid.slice(0, PREVIEW_ROWS).map((row) => ({
        row: row.row,
        date: row.date,
        category: row.category,
        description: row.description,
        amount: { amount: row.amountMinor, currency: project.currency },
        person: row.personEmail,
        hours: row.hoursHundredths === null ? null : row.hoursHundredths / 100,
      })),
      batch: batch && toImportBatch(batch, project.currency),
    };
  }

  /** Labour rows get their person and rate; an amount cell given for labour must agree. */
  private async price(
    rows: ParsedCostRow[],
    currency: string,
  ): Promise<{ rows: PricedRow[]; errors: CostImportRowError[] }> {
    const emails = [...new Set(rows.flatMap((row) => row.personEmail ?? []))];
    const people = await this.deps.batches.usersByEmail(emails);
    const rates = await this.deps.costs.ratesOf([...people.values()], currency);
    const ratesByUser = new Map<string, { validFrom: string; amountMinor: number }[]>();
    for (const rate of rates) {
      ratesByUser.set(rate.userId, [...(ratesByUser.get(rate.userId) ?? []), rate]);
    }
    const priced: PricedRow[] = [];
    const errors: CostImportRowError[] = [];
    for (const row of rows) {
      if (row.category !== 'labour') {
        priced.push({ ...row, amountMinor: row.amountMinor ?? 0, userId: null, rateMinor: null });
        continue;
      }
      const userId = people.get(row.personEmail);
      if (!userId) {
        errors.push({ row: row.row, field: 'person', message: M.personNotFound });
        continue;
      }
      const rateMinor = rateOn(ratesByUser.get(userId) ?? [], row.date);
      if (rateMinor === undefined) {
        errors.push({ row: row.row, field: 'person', message: M.noRate });
        continue;
      }
      const cost = labourAmount({ amount: rateMinor, currency }, row.hoursHundredths);
      if ('error' in cost) {
        errors.push({ row: row.row, field: 'hours', message: cost.error });
        continue;
      }
      if (row.amountMinor !== null && row.amountMinor !== cost.amount) {
        errors.push({ row: row.row, field: 'amount', message: M.amountInvalid });
        continue;
      }
      priced.push({ ...row, amountMinor: cost.amount, userId, rateMinor });
    }
    return { rows: priced, errors };
  }

  private async commit(
    actorId: string,
    projectId: string,
    fileName: string,
    rows: PricedRow[],
    totalMinor: number,
    origin: RequestOrigin,
  ): Promise<ImportBatchRow> {
    const id = newId();
    const at = toIso(this.deps.clock.now());
    await this.deps.unitOfWork.run(async ({ repos }) => {
      await assertMonthsOpen(
        repos,
        rows.map((row) => row.date),
        M.importTouchesClosedMonth,
      );
      await repos.importBatches.insert({
        id,
        projectId,
        fileName,
        rowCount: rows.length,
        totalMinor,
        createdBy: actorId,
        at,
      });
      await repos.costs.insertMany(
        rows.map((row) => ({
          id: newId(),
          projectId,
          date: row.date,
          category: row.category,
          description: row.description,
          amountMinor: row.amountMinor,
          userId: row.userId,
          hoursHundredths: row.hoursHundredths,
          rateMinor: row.rateMinor,
          importBatchId: id,
          createdBy: actorId,
          at,
        })),
      );
      await addToProjectActual(
        repos,
        projectId,
        { amountMinor: totalMinor, count: rows.length },
        at,
      );
      await repos.audit.record({
        action: 'costs.imported',
        actorId,
        targetId: id,
        origin,
        details: { projectId, after: { fileName, rows: rows.length, totalMinor } },
      });
    });
    const batch = await this.deps.batches.findById(id);
    if (!batch) throw new ImportBatchNotFound();
    return batch;
  }

  async batches(projectId: string): Promise<ImportBatch[]> {
    const project = await this.deps.projects.findRow(projectId);
    const rows = await this.deps.batches.findByProject(project.id);
    return rows.map((row) => toImportBatch(row, project.currency));
  }

  /** Undo: the batch's entries go, the project's total with them; refused in a closed month. */
  async undo(actorId: string, batchId: string, origin: RequestOrigin): Promise<void> {
    const batch = isUuid(batchId)
      ? await this.deps.batches.findById(batchId.toLowerCase())
      : undefined;
    if (!batch) throw new ImportBatchNotFound();
    if (batch.undoneAt) throw new DomainError('conflict', M.importAlreadyUndone);
    await this.deps.unitOfWork.run(async ({ repos }) => {
      const entries = await repos.importBatches.entriesOf(batch.id);
      await assertMonthsOpen(repos, entries.dates, M.importUndoClosedMonth);
      const at = toIso(this.deps.clock.now());
      if (!(await repos.importBatches.undo(batch.id, actorId, at))) {
        throw new DomainError('conflict', M.importAlreadyUndone);
      }
      await addToProjectActual(
        repos,
        batch.projectId,
        { amountMinor: -entries.sumMinor, count: -entries.count },
        at,
      );
      await repos.audit.record({
        action: 'costs.import_undone',
        actorId,
        targetId: batch.id,
        origin,
        details: {
          projectId: batch.projectId,
          before: { rows: entries.count, totalMinor: entries.sumMinor },
        },
      });
    });
  }
}

function toImportBatch(row: ImportBatchRow, currency: string): ImportBatch {
  return {
    id: row.id,
    projectId: row.projectId,
    fileName: row.fileName,
    rowCount: row.rowCount,
    total: { amount: row.totalMinor, currency },
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    undoneAt: row.undoneAt,
    undoneBy: row.undoneBy,
  };
}
