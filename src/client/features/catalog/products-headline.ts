/** Texts of the products page header: the shared rule, which the server's page titles use too. */
export * from '@shared/catalog/products-headline';
