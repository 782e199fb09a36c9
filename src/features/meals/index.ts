export { MealListPage } from './components/meal-list-page';
export { OurServicesPage } from './components/our-services-page';
