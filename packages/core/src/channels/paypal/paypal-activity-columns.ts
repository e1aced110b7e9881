/**
 * Header names of the PayPal activity download in the languages we have seen or PayPal documents
 * (English, German, French, Spanish, Portuguese). The first alias is the English name. Real files:
 * English 2011/2015-2022 layouts, German 2023 (jakobhellermann), French 2014/2015 (amouhzi); the
 * Spanish and Portuguese names come from formats.md 3.1 (OCA statement_es, carlosdamazio pt-BR).
 */
export const PAYPAL_ACTIVITY_COLUMNS = {
  date: ['Date', 'Datum', 'Fecha', 'Data'],
  time: ['Time', 'Uhrzeit', 'Heure', 'Hora', 'Horário'],
  timeZone: ['TimeZone', 'Time Zone', 'Zeitzone', 'Fuseau horaire', 'Zona horaria', 'Fuso horário'],
  name: ['Name', 'Nom', 'Nombre', 'Nome'],
  type: ['Type', 'Typ', 'Tipo', 'Description', 'Beschreibung', 'Descripción', 'Descrição'],
  status: ['Status', 'État', 'Estado'],
  currency: ['Currency', 'Währung', 'Devise', 'Divisa', 'Moneda', 'Moeda'],
  gross: ['Gross', 'Amount', 'Brutto', 'Betrag', 'Avant commission', 'Montant', 'Bruto', 'Importe', 'Valor bruto', 'Valor'],
  fee: ['Fee', 'Entgelt', 'Gebühr', 'Commission', 'Comisión', 'Tarifa', 'Taxa'],
  net: ['Net', 'Netto', 'Neto', 'Líquido', 'Valor líquido'],
  balance: ['Balance', 'Guthaben', 'Solde', 'Saldo'],
  transactionId: ['Transaction ID', 'Transaktionscode', 'Numéro de transaction', 'Id. de transacción', 'Código de transacción', 'Código da transação', 'ID da transação'],
  referenceTxnId: ['Reference Txn ID', 'Zugehöriger Transaktionscode', 'Numéro de la transaction de référence', 'Id. de referencia de la transacción', 'Código de transacción de referencia', 'Código de referência da transação', 'ID da transação de referência'],
  balanceImpact: ['Balance Impact', 'Auswirkung auf Guthaben', 'Impact sur le solde', 'Impacto en el saldo', 'Impacto no saldo'],
  itemTitle: ['Item Title', 'Artikelbezeichnung', "Titre de l'objet", 'Título del objeto', 'Título do item'],
  itemId: ['Item ID', 'Artikelnummer', "Numéro de l'objet", 'Id. del objeto', 'ID do item'],
  invoice: ['Invoice Number', 'Invoice ID', 'Rechnungsnummer', 'Numéro de facture', 'Número de factura', 'Número da fatura'],
  quantity: ['Quantity', 'Menge', 'Quantité', 'Cantidad', 'Quantidade'],
} as const;

export type PaypalActivityKey = keyof typeof PAYPAL_ACTIVITY_COLUMNS;
