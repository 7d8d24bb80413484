/** Bundled districts of larger Iranian cities (approximate centres), for the offline geocoder. */
export interface Place {
  city: { fa: string; en: string };
  district: { fa: string; en: string };
  lat: number;
  lng: number;
}

const city = (fa: string, en: string, districts: [string, string, number, number][]): Place[] =>
  districts.map(([districtFa, districtEn, lat, lng]) => ({ city: { fa, en }, district: { fa: districtFa, en: districtEn }, lat, lng }));

export const places: readonly Place[] = [
  ...city('تهران', 'Tehran', [
    ['ونک', 'Vanak', 35.7575, 51.4098],
    ['تجریش', 'Tajrish', 35.8046, 51.4339],
    ['سعادت‌آباد', 'Saadat Abad', 35.7809, 51.3787],
    ['شهرک غرب', 'Shahrak-e Gharb', 35.7589, 51.3699],
    ['یوسف‌آباد', 'Yusef Abad', 35.7306, 51.4055],
    ['انقلاب', 'Enghelab', 35.7009, 51.3912],
    ['آزادی', 'Azadi', 35.6997, 51.338],
    ['نارمک', 'Narmak', 35.7456, 51.5003],
    ['پاسداران', 'Pasdaran', 35.7716, 51.4704],
    ['تهرانپارس', 'Tehranpars', 35.7388, 51.5413],
    ['جردن', 'Jordan', 35.7717, 51.4186],
    ['بازار', 'Bazaar', 35.6753, 51.4197],
    ['شهر ری', 'Shahr-e Rey', 35.5955, 51.4352],
    ['پونک', 'Punak', 35.7624, 51.3299],
  ]),
  ...city('کرج', 'Karaj', [
    ['گوهردشت', 'Gohardasht', 35.8286, 50.9436],
    ['عظیمیه', 'Azimieh', 35.8413, 50.9826],
  ]),
  ...city('اصفهان', 'Isfahan', [
    ['چهارباغ', 'Chaharbagh', 32.6539, 51.668],
    ['جلفا', 'Jolfa', 32.6354, 51.6565],
    ['خیابان نظر', 'Nazar St', 32.6456, 51.6561],
  ]),
  ...city('شیراز', 'Shiraz', [
    ['زند', 'Zand', 29.6104, 52.5383],
    ['معالی‌آباد', 'Maali Abad', 29.6396, 52.4889],
  ]),
  ...city('مشهد', 'Mashhad', [
    ['حرم', 'Haram', 36.2878, 59.6157],
    ['وکیل‌آباد', 'Vakil Abad', 36.3296, 59.5178],
  ]),
  ...city('تبریز', 'Tabriz', [['ولیعصر', 'Valiasr', 38.0666, 46.3306]]),
  ...city('قم', 'Qom', [['صفاشهر', 'Safashahr', 34.6401, 50.8764]]),
  ...city('رشت', 'Rasht', [['گلسار', 'Golsar', 37.2975, 49.5908]]),
  ...city('یزد', 'Yazd', [['صفاییه', 'Safaieh', 31.8717, 54.3569]]),
  ...city('کرمان', 'Kerman', [['شهاب', 'Shahab', 30.2839, 57.0834]]),
  ...city('اهواز', 'Ahvaz', [['کیانپارس', 'Kianpars', 31.3191, 48.6842]]),
];
