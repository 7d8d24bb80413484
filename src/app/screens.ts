import { lazy, type ComponentType } from 'react';
import AccessDeniedPage from '@/features/shell/access-denied-page';
import MaintenancePage from '@/features/shell/maintenance-page';
import NotFoundPage from '@/features/shell/not-found-page';
import type { RouteId } from '@/routes/route-table';

// The home is the only sizeable screen of this issue: it loads as its own chunk.
const HomePage = lazy(() => import('@/features/home/home-page'));
const LoginPage = lazy(() => import('@/features/auth/login-page'));
const VerifyPage = lazy(() => import('@/features/auth/verify-page'));
const RegisterPage = lazy(() => import('@/features/auth/register-page'));
const ProfilePage = lazy(() => import('@/features/profile/profile-page'));
const ProfileInformationPage = lazy(() => import('@/features/profile/information-page'));
const WalletPage = lazy(() => import('@/features/profile/wallet-page'));
const IntroductionPage = lazy(() => import('@/features/profile/introduction-page'));
const AccessRequestPage = lazy(() => import('@/features/profile/access-request-page'));
// Catalog and content screens (issue 3), each its own chunk.
const CategoryLevel1Page = lazy(() => import('@/features/catalog/category-level1-page'));
const CategoryPage = lazy(() => import('@/features/catalog/category-page'));
const SearchPage = lazy(() => import('@/features/catalog/search-page'));
const ItemPage = lazy(() => import('@/features/catalog/item-page'));
const FavoritesPage = lazy(() => import('@/features/catalog/favorites-page'));
const MagazinePage = lazy(() => import('@/features/content/magazine-pages').then((module) => ({ default: module.MagazinePage })));
const MagazinePostPage = lazy(() => import('@/features/content/magazine-pages').then((module) => ({ default: module.MagazinePostPage })));
const GalleryPage = lazy(() => import('@/features/content/gallery-page'));
const DigitalMenuPage = lazy(() => import('@/features/content/digital-menu-page'));
const InformationPage = lazy(() => import('@/features/content/information-page'));
const AboutPage = lazy(() => import('@/features/content/static-pages').then((module) => ({ default: module.AboutPage })));
const RulesPage = lazy(() => import('@/features/content/static-pages').then((module) => ({ default: module.RulesPage })));
const PrivacyPage = lazy(() => import('@/features/content/static-pages').then((module) => ({ default: module.PrivacyPage })));
const ContactPage = lazy(() => import('@/features/content/contact-page'));
const MoreMenuPage = lazy(() => import('@/features/content/more-menu-page'));
// Cart and checkout (issue 5): /cart is the cart, then the checkout's delivery step (src/app/cart-route).
const CartRoute = lazy(() => import('./cart-route'));
const CartPage = lazy(() => import('@/features/cart/cart-page'));
const AddressListPage = lazy(() => import('@/features/checkout/address-list-page'));
const AddressFormPage = lazy(() => import('@/features/checkout/address-form-page'));
const AddressEditPage = lazy(() => import('@/features/checkout/address-edit-page'));
const PaymentPage = lazy(() => import('@/features/checkout/payment-page'));
const PaymentResultPage = lazy(() => import('@/features/checkout/result-page'));
// Branches of a master shop (issue 12).
const BranchPage = lazy(() => import('@/features/branches/branch-page'));
const BranchMapPage = lazy(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchMapPage })));
const BranchListPage = lazy(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchListPage })));
const BranchDetailPage = lazy(() => import('@/features/branches/branch-page').then((module) => ({ default: module.BranchDetailPage })));
const SplashPage = lazy(() => import('@/features/branches/splash-page'));
// Forms, surveys and the franchise application on the questionnaire chart (issue 12).
const FormPage = lazy(() => import('@/features/forms/form-pages'));
const CollaboratePage = lazy(() => import('@/features/forms/form-pages').then((module) => ({ default: module.CollaboratePage })));
const SurveyPage = lazy(() => import('@/features/forms/form-pages').then((module) => ({ default: module.SurveyPage })));
const SuccessSurveyPage = lazy(() => import('@/features/forms/form-pages').then((module) => ({ default: module.SuccessSurveyPage })));
// Support chat and messages (issue 13): each with its chart, loaded with the screen.
const SupportPage = lazy(() => import('@/features/chat/support-page'));
const MessagesPage = lazy(() => import('@/features/chat/messages-page'));
// Orders (issue 5).
const OrdersPage = lazy(() => import('@/features/orders/orders-page'));
const OrderDetailPage = lazy(() => import('@/features/orders/order-detail-page'));

/**
 * The screen of each built route. Routes missing here render the "coming soon" page;
 * later issues add their screens (lazily) to this map.
 */
export const screens: Partial<Record<RouteId, ComponentType>> = {
  home: HomePage,
  'home-variant': HomePage,
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
  messages: MessagesPage,
};
