/** Choosing a branch of a master shop (select_branch). */
export const branchMessages = {
  branch_not_found: { fa: 'این شعبه پیدا نشد.', en: 'This branch could not be found.' },
  branch_closed: { fa: 'این شعبه فعلا سفارش نمی‌پذیرد.', en: 'This branch is not taking orders at the moment.' },
  branch_out_of_range: { fa: 'محل شما خارج از محدوده ارسال این شعبه است.', en: 'Your location is outside this branch’s delivery area.' },
  no_branches: { fa: 'این فروشگاه شعبه‌ای ندارد.', en: 'This shop has no branches.' },
};
