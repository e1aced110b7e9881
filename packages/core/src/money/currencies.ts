/**
 * ISO 4217 currencies: code, English name, a display locale, and minor-unit digits.
 * The spec's currency table ("about 170 currencies each with code, name, locale").
 */
export interface CurrencyInfo {
  code: string;
  name: string;
  locale: string;
  minorDigits: number;
}

/** Currencies whose minor unit is not 2 digits (ISO 4217 exponent). */
const EXPONENT_EXCEPTIONS: Record<string, number> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

// code|name|locale, one per entry; minor digits come from EXPONENT_EXCEPTIONS (default 2).
const TABLE = `AED|UAE Dirham|ar-AE AFN|Afghani|fa-AF ALL|Lek|sq-AL AMD|Armenian Dram|hy-AM ANG|Netherlands Antillean Guilder|nl-CW
AOA|Kwanza|pt-AO ARS|Argentine Peso|es-AR AUD|Australian Dollar|en-AU AWG|Aruban Florin|nl-AW AZN|Azerbaijan Manat|az-AZ
BAM|Convertible Mark|bs-BA BBD|Barbados Dollar|en-BB BDT|Taka|bn-BD BGN|Bulgarian Lev|bg-BG BHD|Bahraini Dinar|ar-BH
BIF|Burundi Franc|fr-BI BMD|Bermudian Dollar|en-BM BND|Brunei Dollar|ms-BN BOB|Boliviano|es-BO BRL|Brazilian Real|pt-BR
BSD|Bahamian Dollar|en-BS BTN|Ngultrum|dz-BT BWP|Pula|en-BW BYN|Belarusian Ruble|be-BY BZD|Belize Dollar|en-BZ
CAD|Canadian Dollar|en-CA CDF|Congolese Franc|fr-CD CHF|Swiss Franc|de-CH CLF|Unidad de Fomento|es-CL CLP|Chilean Peso|es-CL
CNY|Yuan Renminbi|zh-CN COP|Colombian Peso|es-CO CRC|Costa Rican Colon|es-CR CUP|Cuban Peso|es-CU CVE|Cabo Verde Escudo|pt-CV
CZK|Czech Koruna|cs-CZ DJF|Djibouti Franc|fr-DJ DKK|Danish Krone|da-DK DOP|Dominican Peso|es-DO DZD|Algerian Dinar|ar-DZ
EGP|Egyptian Pound|ar-EG ERN|Nakfa|ti-ER ETB|Ethiopian Birr|am-ET EUR|Euro|de-DE FJD|Fiji Dollar|en-FJ FKP|Falkland Islands Pound|en-FK
GBP|Pound Sterling|en-GB GEL|Lari|ka-GE GHS|Ghana Cedi|en-GH GIP|Gibraltar Pound|en-GI GMD|Dalasi|en-GM GNF|Guinean Franc|fr-GN
GTQ|Quetzal|es-GT GYD|Guyana Dollar|en-GY HKD|Hong Kong Dollar|zh-HK HNL|Lempira|es-HN HTG|Gourde|fr-HT HUF|Forint|hu-HU
IDR|Rupiah|id-ID ILS|New Israeli Sheqel|he-IL INR|Indian Rupee|en-IN IQD|Iraqi Dinar|ar-IQ IRR|Iranian Rial|fa-IR ISK|Iceland Krona|is-IS
JMD|Jamaican Dollar|en-JM JOD|Jordanian Dinar|ar-JO JPY|Yen|ja-JP KES|Kenyan Shilling|en-KE KGS|Som|ky-KG KHR|Riel|km-KH
KMF|Comorian Franc|ar-KM KPW|North Korean Won|ko-KP KRW|Won|ko-KR KWD|Kuwaiti Dinar|ar-KW KYD|Cayman Islands Dollar|en-KY
KZT|Tenge|kk-KZ LAK|Lao Kip|lo-LA LBP|Lebanese Pound|ar-LB LKR|Sri Lanka Rupee|si-LK LRD|Liberian Dollar|en-LR LSL|Loti|en-LS
LYD|Libyan Dinar|ar-LY MAD|Moroccan Dirham|ar-MA MDL|Moldovan Leu|ro-MD MGA|Malagasy Ariary|mg-MG MKD|Denar|mk-MK MMK|Kyat|my-MM
MNT|Tugrik|mn-MN MOP|Pataca|zh-MO MRU|Ouguiya|ar-MR MUR|Mauritius Rupee|en-MU MVR|Rufiyaa|dv-MV MWK|Malawi Kwacha|en-MW
MXN|Mexican Peso|es-MX MYR|Malaysian Ringgit|ms-MY MZN|Mozambique Metical|pt-MZ NAD|Namibia Dollar|en-NA NGN|Naira|en-NG
NIO|Cordoba Oro|es-NI NOK|Norwegian Krone|nb-NO NPR|Nepalese Rupee|ne-NP NZD|New Zealand Dollar|en-NZ OMR|Rial Omani|ar-OM
PAB|Balboa|es-PA PEN|Sol|es-PE PGK|Kina|en-PG PHP|Philippine Peso|en-PH PKR|Pakistan Rupee|ur-PK PLN|Zloty|pl-PL PYG|Guarani|es-PY
QAR|Qatari Rial|ar-QA RON|Romanian Leu|ro-RO RSD|Serbian Dinar|sr-RS RUB|Russian Ruble|ru-RU RWF|Rwanda Franc|rw-RW
SAR|Saudi Riyal|ar-SA SBD|Solomon Islands Dollar|en-SB SCR|Seychelles Rupee|en-SC SDG|Sudanese Pound|ar-SD SEK|Swedish Krona|sv-SE
SGD|Singapore Dollar|en-SG SHP|Saint Helena Pound|en-SH SLE|Leone|en-SL SOS|Somali Shilling|so-SO SRD|Surinam Dollar|nl-SR
SSP|South Sudanese Pound|en-SS STN|Dobra|pt-ST SVC|El Salvador Colon|es-SV SYP|Syrian Pound|ar-SY SZL|Lilangeni|en-SZ THB|Baht|th-TH
TJS|Somoni|tg-TJ TMT|Turkmenistan New Manat|tk-TM TND|Tunisian Dinar|ar-TN TOP|Pa'anga|to-TO TRY|Turkish Lira|tr-TR
TTD|Trinidad and Tobago Dollar|en-TT TWD|New Taiwan Dollar|zh-TW TZS|Tanzanian Shilling|sw-TZ UAH|Hryvnia|uk-UA UGX|Uganda Shilling|en-UG
USD|US Dollar|en-US UYI|Uruguay Peso en Unidades Indexadas|es-UY UYU|Peso Uruguayo|es-UY UYW|Unidad Previsional|es-UY UZS|Uzbekistan Sum|uz-UZ
VES|Bolivar Soberano|es-VE VND|Dong|vi-VN VUV|Vatu|bi-VU WST|Tala|sm-WS XAF|CFA Franc BEAC|fr-CM XCD|East Caribbean Dollar|en-AG
XOF|CFA Franc BCEAO|fr-SN XPF|CFP Franc|fr-PF YER|Yemeni Rial|ar-YE ZAR|Rand|en-ZA ZMW|Zambian Kwacha|en-ZM ZWG|Zimbabwe Gold|en-ZW`;

export const CURRENCIES: ReadonlyMap<string, CurrencyInfo> = new Map(
  TABLE.split(/\s(?=[A-Z]{3}\|)/).map((entry) => {
    const [code, name, locale] = entry.trim().split('|') as [string, string, string];
    return [code, { code, name, locale, minorDigits: EXPONENT_EXCEPTIONS[code] ?? 2 }];
  }),
);

export function isKnownCurrency(code: string): boolean {
  return CURRENCIES.has(code);
}

/** Minor-unit digits; unknown codes are treated as 2 digits (the spec's USD default). */
export function getMinorDigits(code: string): number {
  return CURRENCIES.get(code)?.minorDigits ?? 2;
}
