// The first import of server/main.ts, so it runs before anything loads React: React's packages pick their
// development or production build from process.env.NODE_ENV when first required, and the development build
// renders several times slower. The server's own default is production (server/config.ts), so React's is too.
process.env.NODE_ENV ??= 'production'
