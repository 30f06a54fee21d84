/**
 * The embedded default price list (docs/choices.md 45): a few well-known cards with round figures, so every
 * market-value flow runs on a fresh machine without a provider account. These are sample figures,
 * not market data, and the site says so wherever they show. An operator replaces them with
 * `ratio prices import FILE` or configures SportsCardsPro (README "Market values").
 */
export const SAMPLE_LIST_NAME = "Ratio's sample price list";

export const SAMPLE_PRICE_LIST_CSV = `card key,grader,grade,price,date
2018 Topps Chrome #193 Shohei Ohtani,PSA,10,1200.00,2026-11-01
2018 Topps Chrome #193 Shohei Ohtani,,9,350.00,2026-11-01
2018 Topps Chrome #193 Shohei Ohtani,,,60.00,2026-11-01
2018 Panini Prizm #280 Luka Doncic,PSA,10,900.00,2026-11-01
2018 Panini Prizm #280 Luka Doncic,BGS,10,1500.00,2026-11-01
2018 Panini Prizm #280 Luka Doncic,,9.5,420.00,2026-11-01
2018 Panini Prizm #280 Luka Doncic,,9,260.00,2026-11-01
2011 Topps Update #US175 Mike Trout,PSA,10,4500.00,2026-11-01
2011 Topps Update #US175 Mike Trout,,9,900.00,2026-11-01
2011 Topps Update #US175 Mike Trout,,8,400.00,2026-11-01
2003 Topps Chrome #111 LeBron James,PSA,10,9000.00,2026-11-01
2003 Topps Chrome #111 LeBron James,,9,2500.00,2026-11-01
2000 Bowman Chrome #236 Tom Brady,PSA,10,15000.00,2026-11-01
2000 Bowman Chrome #236 Tom Brady,,9,3800.00,2026-11-01
1986 Fleer #57 Michael Jordan,PSA,10,150000.00,2026-11-01
1986 Fleer #57 Michael Jordan,,9,9000.00,2026-11-01
1986 Fleer #57 Michael Jordan,,8,4000.00,2026-11-01
`;
