import type { ComponentType } from 'react';
import AccessDeniedPage from '@/features/shell/access-denied-page';
import MaintenancePage from '@/features/shell/maintenance-page';
import NotFoundPage from '@/features/shell/not-found-page';
import type { RouteId } from '@/routes/route-table';
import { lazyScreen } from './chunk-load';
import { homeRoute } from './home-route';

// The home is the only sizeable screen of this issue: it loads as its own chunk.
const HomePage = lazyScreen(() => import('@/features/home/home-page'));
// The classifieds' finding side (issue 31): the ad list is interface 4's home.
const FinderPage = lazyScreen(() => import('@/features/ad-finder/finder-page'));
const AdDetailPage = lazyScreen(() => import('@/features/ad-finder/detail-page'));
const AdBookmarksPage = lazyScreen(() => import('@/features/ad-finder/bookmarks-page'));
const AdChatPage = lazyScreen(() => import('@/features/chat/ad-chat-page'));
const AdChatsPage = lazyScreen(() => import('@/features/chat/ad-chats-page'));
// The classifieds' own menu (/home-4/tejari), commercial home, rules and privacy; its about and support are the shop's.
const ClassifiedsMenuPage = lazyScreen(() => import('@/features/classifieds-info/classifieds-menu-page'));
const CommercialHomePage = lazyScreen(() => import('@/features/classifieds-info/commercial-home-page'));
const ClassifiedsRulesPage = lazyScreen(() => import('@/features/classifieds-info/policy-pages').then((module) => ({ default: module.ClassifiedsRulesPage })));
const ClassifiedsPrivacyPage = lazyScreen(() => import('@/features/classifieds-info/policy-pages').then((module) => ({ default: module.ClassifiedsPrivacyPage })));
const HomeRoute = homeRoute(HomePage, FinderPage);
const LoginPage = lazyScreen(() => import('@/features/auth/login-page'));
const VerifyPage = lazyScreen(() => import('@/features/auth/verify-page'));
const RegisterPage = lazyScreen(() => import('@/features/auth/register-page'));
const ProfilePage = lazyScreen(() => import('@/features/profile/profile-page'));
const ProfileInformationPage = lazyScreen(() => import('@/features/profile/information-page'));
const WalletPage = lazyScreen(() => import('@/features/profile/wallet-page'));
const IntroductionPage = lazyScreen(() => import('@/features/profile/introduction-page'));
const AccessRequestPage = lazyScreen(() => import('@/features/profile/access-request-page'));
// Catalog and content screens (issue 3), each its own chunk.
const CategoryLevel1Page = lazyScreen(() => import('@/features/catalog/category-level1-page'));
const CategoryPage = lazyScreen(() => import('@/features/catalog/category-page'));
const SearchPage = lazyScreen(() => import('@/features/catalog/search-page'));
const ItemPage = lazyScreen(() => import('@/features/catalog/item-page'));
const FavoritesPage = lazyScreen(() => import('@/features/catalog/favorites-page'));
const MagazinePage = lazyScreen(() => import('@/features/content/magazine-pages').then((module) => ({ default: module.MagazinePage })));
const MagazinePostPage = lazyScreen(() => import('@/features/content/magazine-pages').then((module) => ({ default: module.MagazinePostPage })));
const GalleryPage = lazyScreen(() => import('@/features/content/gallery-page'));
const DigitalMenuPage = lazyScreen(() => import('@/features/content/digital-menu-page'));
const InformationPage = lazyScreen(() => import('@/features/content/information-page'));
const AboutPage = lazyScreen(() => import('@/features/content/static-pages').then((module) => ({ default: module.AboutPage })));
const RulesPage = lazyScreen(() => import('@/features/content/static-pages').then((module) => ({ default: module.RulesPage })));
const PrivacyPage = lazyScreen(() => import('@/features/content/static-pages').then((module) => ({ default: module.PrivacyPage })));
const ContactPage = lazyScreen(() => import('@/features/content/contact-page'));
const MoreMenuPage = lazyScreen(() => import('@/features/content/more-menu-page'));
// Cart and checkout (issue 5): /cart is the cart, then the checkout's delivery step (src/app/cart-route).
const CartRoute = lazyScreen(() => import('./cart-route'));
const CartPage = lazyScreen(() => import('@/features/cart/cart-page'));
const AddressListPage = lazyScreen(() => import('@/features/checkout/address-list-page'));
const AddressFormPage = lazyScreen(() => import('@/features/checkout/address-form-page'));
const AddressEditPage = lazyScreen(() => import('@/features/checkout/address-edit-page'));
const PaymentPage = lazyScreen(() => import('@/features/checkout/payment-page'));
const PaymentResultPage = lazyScreen(() => import('@/features/checkout/result-page'));
// Branches of a master shop (issue 12).
const BranchPage = lazyScreen(() => import('@/features/branches/branch-page'));
const BranchMapPage = lazyScreen(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchMapPage })));
const BranchListPage = lazyScreen(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchListPage })));
const BranchDetailPage = lazyScreen(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchDetailPage })));
const SplashPage = lazyScreen(() => import('@/features/branches/splash-page'));
// Forms, surveys and the franchise application on the questionnaire chart (issue 12).
const FormPage = lazyScreen(() => import('@/features/forms/form-pages'));
const CollaboratePage = lazyScreen(() => import('@/features/forms/form-pages').then((module) => ({ default: module.CollaboratePage })));
const SurveyPage = lazyScreen(() => import('@/features/forms/form-pages').then((module) => ({ default: module.SurveyPage })));
const SuccessSurveyPage = lazyScreen(() => import('@/features/forms/form-pages').then((module) => ({ default: module.SuccessSurveyPage })));
// Support chat and messages (issue 13): each with its chart, loaded with the screen.
const SupportPage = lazyScreen(() => import('@/features/chat/support-page'));
const MessagesPage = lazyScreen(() => import('@/features/chat/messages-page'));
// Orders (issue 5).
const OrdersPage = lazyScreen(() => import('@/features/orders/orders-page'));
const OrderDetailPage = lazyScreen(() => import('@/features/orders/order-detail-page'));
// Classifieds' publishing side (issue 31): the wizard, my ads, the classifieds profile.
const AdWizardPage = lazyScreen(() => import('@/features/ad-publishing/wizard-page'));
const MyAdsPage = lazyScreen(() => import('@/features/ad-publishing/my-ads-page'));
const ClassifiedsProfilePage = lazyScreen(() => import('@/features/ad-publishing/classifieds-profile-page'));

/**
 * The screen of each built route. Routes missing here render the "coming soon" page;
 * later issues add their screens (lazily) to this map.
 */
export const screens: Partial<Record<RouteId, ComponentType>> = {
  home: HomeRoute,
  'home-variant': HomeRoute,
  'classifieds-detail': AdDetailPage,
  'classifieds-bookmarks': AdBookmarksPage,
  'classifieds-chat': AdChatPage,
  'classifieds-chat-list': AdChatsPage,
  'classifieds-tejari': ClassifiedsMenuPage,
  'classifieds-tejari-home': CommercialHomePage,
  'classifieds-roles': ClassifiedsRulesPage,
  'classifieds-privacy': ClassifiedsPrivacyPage,
  'not-found': NotFoundPage,
  'access-denied': AccessDeniedPage,
  maintenance: MaintenancePage,
  login: LoginPage,
  verify: VerifyPage,
  register: RegisterPage,
  profile: ProfilePage,
  'profile-information': ProfileInformationPage,
  'profile-wallet': WalletPage,
  introduction: IntroductionPage,
  'access-request': AccessRequestPage,
  'cat-level1': CategoryLevel1Page,
  cat: CategoryPage,
  search: SearchPage,
  item: ItemPage,
  product: ItemPage,
  'profile-favorite': FavoritesPage,
  magazine: MagazinePage,
  'magazine-post': MagazinePostPage,
  gallery: GalleryPage,
  digital: DigitalMenuPage,
  information: InformationPage,
  'about-us': AboutPage,
  'classifieds-about-us': AboutPage,
  rules: RulesPage,
  privacy: PrivacyPage,
  contact: ContactPage,
  moremenu: MoreMenuPage,
  cart: CartRoute,
  branch: BranchPage,
  branch2: BranchMapPage,
  'branch-list': BranchListPage,
  'branch-list-detail': BranchDetailPage,
  splash: SplashPage,
  form: FormPage,
  collaborate: CollaboratePage,
  survey: SurveyPage,
  'success-survey': SuccessSurveyPage,
  basket: CartPage,
  'cart-items': CartPage,
  'cart-address': AddressListPage,
  'cart-address-list': AddressListPage,
  'cart-address-add': AddressFormPage,
  'cart-address-add-detail': AddressFormPage,
  'cart-address-post': AddressFormPage,
  'cart-address-edit': AddressEditPage,
  'cart-payment': PaymentPage,
  'successful-payment': PaymentResultPage,
  'archive-orders': OrdersPage,
  'profile-archive-orders': OrdersPage,
  'archive-order-detail': OrderDetailPage,
  support: SupportPage,
  'classifieds-support': SupportPage,
  messages: MessagesPage,
  'classifieds-new': AdWizardPage,
  'classifieds-new-request': AdWizardPage,
  'classifieds-edit': AdWizardPage,
  'classifieds-my-ads': MyAdsPage,
  'classifieds-profile': ClassifiedsProfilePage,
};
