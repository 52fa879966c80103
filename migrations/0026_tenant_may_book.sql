-- A landlord may let a let property's tenant book its gas safety check from the tenant's own account
-- (issue 44: tenants book the access times the landlord allows). Off until she says so.
ALTER TABLE `properties` ADD `tenant_may_book` integer DEFAULT false NOT NULL;
