import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, type ShopRow } from '../db/schema';
import { clearSlots, releaseSlot, takeSlot, type Window } from '../services/rate-window';
import { createAccountRepository } from './account-repository';
import { createAdRepository } from './ad-repository';
import { createAdSavedSearchRepository } from './ad-saved-search-repository';
import { createBranchRepository } from './branch-repository';
import { createCartRepository } from './cart-repository';
import { createCatalogRepository } from './catalog-repository';
import { createCatalogEditRepository } from './catalog-edit-repository';
import { createItemExtrasRepository } from './item-extras-repository';
import { createItemDetailsRepository } from './item-details-repository';
import { createCheckoutRepository } from './checkout-repository';
import { createContentEditorRepository } from './content-editor-repository';
import { createContentExtraRepository } from './content-extra-repository';
import { createContentRepository } from './content-repository';
import { createConversationRepository } from './conversation-repository';
import { createFormRepository } from './form-repository';
import { createGatewayAccountRepository } from './gateway-account-repository';
import { createLiveRepository } from './live-repository';
import { createOrderBoardRepository, createOrderEventRepository } from './order-board-repository';
import { createPaymentRefundRepository } from './payment-refund-repository';
import { createPublicMessageRepository, createShopMessageRepository } from './public-message-repository';
import type { ReadCache } from './read-cache';
import { writeShopData } from './shop-changes';
import type { EventBus } from '../services/events';
import { createSandboxLedgerRepository } from './sandbox-ledger-repository';
import { cachedBranches, cachedCatalog, cachedContent, cachedContentExtra, type SnapshotSource } from './shop-snapshot';
import { createStaffRepository } from './staff-repository';
import { createConsoleCustomersRepository } from './console-customers-repository';
import { createCounterSettingsRepository } from './counter-settings-repository';
import { createCustomerMessagesRepository } from './customer-messages-repository';
import { createDiscountCodesRepository } from './discount-codes-repository';
import { createStaffAuditRepository } from './staff-audit-repository';
import { createJobsRepository } from './jobs-repository';
import { createSupportInboxRepository } from './support-inbox-repository';
import { createSupportRepository } from './support-repository';
import { createUnreadRepository } from './unread-repository';
import { createUploadRepository } from './upload-repository';
import { createUserRepository } from './user-repository';
import { createShopSettingsRepository } from './shop-settings-repository';
import { createWalletRepository } from './wallet-repository';
import { createWalletChargeRepository } from './wallet-charge-repository';
import { createConsultantCodeRepository } from './consultant-code-repository';

type Built<T extends keyof RepositoryBuilders> = ReturnType<RepositoryBuilders[T]>;

interface RepositoryBuilders {
  accounts: typeof createAccountRepository;
  live: typeof createLiveRepository;
  sandboxLedger: typeof createSandboxLedgerRepository;
  shopMessages: typeof createShopMessageRepository;
  staff: typeof createStaffRepository;
  supportInbox: typeof createSupportInboxRepository;
  branches: typeof createBranchRepository;
  carts: typeof createCartRepository;
  catalog: typeof createCatalogRepository;
  checkout: typeof createCheckoutRepository;
  content: typeof createContentRepository;
  contentExtra: typeof createContentExtraRepository;
  forms: typeof createFormRepository;
  gatewayAccounts: typeof createGatewayAccountRepository;
  refunds: typeof createPaymentRefundRepository;
  uploads: typeof createUploadRepository;
  users: typeof createUserRepository;
  wallet: typeof createWalletRepository;
  walletCharges: typeof createWalletChargeRepository;
  consultantCodes: typeof createConsultantCodeRepository;
  orderBoard: typeof createOrderBoardRepository;
  orderEvents: typeof createOrderEventRepository;
}

/**
 * Every repository of one shop, each built on first use: a request touches one or two of them.
 * A class, so that making one per request allocates one object and no closures (the getters live
 * on the prototype).
 */
class ShopRepositories {
  #accounts?: Built<'accounts'>;
  #live?: Built<'live'>;
  #sandboxLedger?: Built<'sandboxLedger'>;
  #shopMessages?: Built<'shopMessages'>;
  #staff?: Built<'staff'>;
  #supportInbox?: Built<'supportInbox'>;
  #branches?: Built<'branches'>;
  #carts?: Built<'carts'>;
  #catalog?: Built<'catalog'>;
  #checkout?: Built<'checkout'>;
  #content?: Built<'content'>;
  #contentExtra?: Built<'contentExtra'>;
  #forms?: Built<'forms'>;
  #gatewayAccounts?: Built<'gatewayAccounts'>;
  #refunds?: Built<'refunds'>;
  #uploads?: Built<'uploads'>;
  #users?: Built<'users'>;
  #wallet?: Built<'wallet'>;
  #walletCharges?: Built<'walletCharges'>;
  #consultantCodes?: Built<'consultantCodes'>;
  #orderBoard?: Built<'orderBoard'>;
  #orderEvents?: Built<'orderEvents'>;
  #source: SnapshotSource | null | undefined;

  constructor(
    private readonly db: Database,
    private readonly shop: ShopRow,
    private readonly cache: ReadCache | null,
  ) {}

  /** The snapshot getter the cached repositories read through; null without a cache. */
  get #snapshots(): SnapshotSource | null {
    if (this.#source === undefined) {
      const { cache, shop } = this;
      this.#source = cache ? () => cache.snapshot(shop) : null;
    }
    return this.#source;
  }

  /** `sql` as it is, or read through the shop's snapshot by `cached` when there is a read cache. */
  #readThrough<R>(sql: R, cached: (sql: R, source: SnapshotSource) => R): R {
    const source = this.#snapshots;
    return source ? cached(sql, source) : sql;
  }

  get branches() {
    return (this.#branches ??= this.#readThrough(createBranchRepository(this.db, this.shop), cachedBranches));
  }
  get carts() {
    return (this.#carts ??= createCartRepository(this.db, this.shop));
  }
  get catalog() {
    return (this.#catalog ??= this.#readThrough(createCatalogRepository(this.db, this.shop), cachedCatalog));
  }
  get checkout() {
    return (this.#checkout ??= createCheckoutRepository(this.db, this.shop));
  }
  get content() {
    return (this.#content ??= this.#readThrough(createContentRepository(this.db, this.shop), cachedContent));
  }
  get contentExtra() {
    return (this.#contentExtra ??= this.#readThrough(createContentExtraRepository(this.db, this.shop), cachedContentExtra));
  }
  get forms() {
    return (this.#forms ??= createFormRepository(this.db, this.shop));
  }
  /** the shop's own merchant accounts at the gateways (never returned by any code) */
  get gatewayAccounts() {
    return (this.#gatewayAccounts ??= createGatewayAccountRepository(this.db, this.shop));
  }
  get refunds() {
    return (this.#refunds ??= createPaymentRefundRepository(this.db, this.shop));
  }
  get uploads() {
    return (this.#uploads ??= createUploadRepository(this.db, this.shop));
  }
  get users() {
    return (this.#users ??= createUserRepository(this.db, this.shop));
  }
  get wallet() {
    return (this.#wallet ??= createWalletRepository(this.db, this.shop));
  }
  /** wallet top-ups through the gateway */
  get walletCharges() {
    return (this.#walletCharges ??= createWalletChargeRepository(this.db, this.shop));
  }
  /** the consultant codes the shop gives (spec §6) */
  get consultantCodes() {
    return (this.#consultantCodes ??= createConsultantCodeRepository(this.db, this.shop));
  }
  get accounts() {
    return (this.#accounts ??= createAccountRepository(this.db, this.shop));
  }
  get staff() {
    return (this.#staff ??= createStaffRepository(this.db, this.shop));
  }
  /** the shop's live events (docs/server.md, "Live channel") */
  get live() {
    return (this.#live ??= createLiveRepository(this.db, this.shop));
  }
  /** the console's view of every customer's support chat with the shop */
  get supportInbox() {
    return (this.#supportInbox ??= createSupportInboxRepository(this.db, this.shop));
  }
  /** the messages the shop sends every customer (get_messages type public) */
  get shopMessages() {
    return (this.#shopMessages ??= createShopMessageRepository(this.db, this.shop));
  }
  /** the counter's board of placed orders (this shop's, and a master's branches') */
  get orderBoard() {
    return (this.#orderBoard ??= createOrderBoardRepository(this.db, this.shop));
  }
  /** the history rows and audit lines of this shop's orders */
  get orderEvents() {
    return (this.#orderEvents ??= createOrderEventRepository(this.db, this.shop));
  }
  /** the sandbox bank's own ledger (services/payments/sandbox.ts), written in the caller's transaction */
  get sandboxLedger() {
    return (this.#sandboxLedger ??= createSandboxLedgerRepository(this.db));
  }

  /** the console's view of the brand's customers: access requests, wallets (issue 30) */
  get consoleCustomers() {
    return createConsoleCustomersRepository(this.db, this.shop);
  }
  /** what staff did, for the owner (issue 30) */
  get staffAudit() {
    return createStaffAuditRepository(this.db, this.shop);
  }
  /** the owner's shop settings (hours, delivery, flags), read from its row; written inside writeShopData */
  get shopSettings() {
    return createShopSettingsRepository(this.db, this.shop);
  }
  /** the counter's settings of the shop, read from its row */
  get counterSettings() {
    return createCounterSettingsRepository(this.db, this.shop);
  }
  /** the shop's discount codes as the owner manages them (issue 32) */
  get discountCodes() {
    return createDiscountCodesRepository(this.db, this.shop);
  }
  /** the console's writes to the shop's items and folders (issue 32): only inside writeShopData */
  get catalogEdit() {
    return createCatalogEditRepository(this.db, this.shop);
  }
  /** the shop's option steps and items' priced extras as the console writes them (issue 32): only inside writeShopData */
  get itemExtras() {
    return createItemExtrasRepository(this.db, this.shop);
  }
  /** an item's features, colors, labels and type 12 as the console writes them (issue 32): only inside writeShopData */
  get itemDetails() {
    return createItemDetailsRepository(this.db, this.shop);
  }
  /** what customers sent the shop (forms, surveys, contact messages) and its public messages, as the console reads them */
  get customerMessages() {
    return createCustomerMessagesRepository(this.db, this.shop);
  }
  /** the owner's edits of the storefront's content pages, slides and banners (issue 32), never cached */
  get contentEditor() {
    return createContentEditorRepository(this.db, this.shop);
  }
  /** the shop's classified ads (interface 4, docs/classifieds.md) */
  get ads() {
    return createAdRepository(this.db, this.shop);
  }
  /** the customers' saved searches of the shop's ads */
  get adSavedSearches() {
    return createAdSavedSearchRepository(this.db, this.shop);
  }
  /** the server's jobs (services/jobs): scheduled in the caller's transaction */
  get jobs() {
    return createJobsRepository(this.db);
  }

  /** One customer's conversations at the shop. */
  conversations(userId: number) {
    return createConversationRepository(this.db, this.shop, userId);
  }
  /** One customer's support chat with the shop. */
  support(userId: number) {
    return createSupportRepository(this.db, this.shop, userId);
  }
  /** The shop's public messages as one customer reads them. */
  publicMessages(userId: number) {
    return createPublicMessageRepository(this.db, this.shop, userId);
  }
  /** One customer's unread counts. */
  unread(userId: number) {
    return createUnreadRepository(this.db, this.shop, userId);
  }

  /** Takes a slot of a sliding window of rate events (services/rate-window.ts), held to the end of the transaction. */
  takeSlot(window: Omit<Window, 'rootId'>) {
    return takeSlot(this.db, { ...window, rootId: this.shop.rootId ?? this.shop.id });
  }
  /** Gives a slot back (the write it was taken for did not happen). */
  releaseSlot(eventId: number) {
    return releaseSlot(this.db, eventId);
  }
  /** Forgets every event of a subject in one kind of window. */
  clearSlots(window: Pick<Window, 'kind' | 'subject'>) {
    return clearSlots(this.db, { ...window, rootId: this.shop.rootId ?? this.shop.id });
  }

  /** The branches of this shop's master (the Host's shop at one of its branches); none for another shop. */
  branchesOf(master: ShopRow) {
    if (master.id === this.shop.id) return this.branches;
    return master.id === this.shop.masterId ? createBranchRepository(this.db, master) : createBranchRepository(this.db, { ...master, masterFlag: 0 });
  }

  /** The repositories of another shop of the same brand (its root or a branch of it): null for any other shop. */
  async brandShop(shopId: number): Promise<{ shop: ShopRow; repos: Repositories } | null> {
    const rootId = this.shop.rootId ?? this.shop.id;
    const [shop] = await this.db.select().from(shops).where(and(eq(shops.id, shopId), or(eq(shops.id, rootId), eq(shops.rootId, rootId))));
    return shop ? { shop, repos: new ShopRepositories(this.db, shop, null) } : null;
  }

  /**
   * Runs `work` in one transaction with the shop's repositories bound to it (a savepoint when these
   * already are a transaction's); the read cache is not used inside.
   */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ShopRepositories(tx, this.shop, null)));
  }

  /** A transaction that changes what customers read of this shop: every instance's read cache drops it once committed. */
  /** `branchIds`: a master's branches the work also writes (their rows' readers drop them too). */
  writeShopData<T>(events: EventBus, work: (repos: Repositories) => Promise<T>, branchIds: readonly number[] = []): Promise<T> {
    return writeShopData(this.db, events, [this.shop.id, ...branchIds], (tx) => work(new ShopRepositories(tx, this.shop, null)));
  }
}

/**
 * Every repository, built for one shop: an unscoped query cannot be written through these.
 * With `cache` (read-only requests; never inside a transaction) the shop's catalog, content and
 * branch reads come from the read cache's snapshot, each falling back to SQL when the cache cannot serve.
 */
export function createRepositories(db: Database, shop: ShopRow, cache?: ReadCache | null): Repositories {
  return new ShopRepositories(db, shop, cache ?? null);
}

/** The repositories of one shop (createRepositories). */
export type Repositories = Pick<ShopRepositories, keyof ShopRepositories>;
